import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "nextjs",
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "test/**/*.test.tsx"],
    globalSetup: ["./test/provider-reexports.setup.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    testTimeout: 20000,
    hookTimeout: 240000,
  },
})
