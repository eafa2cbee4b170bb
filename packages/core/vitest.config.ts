import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "core",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    typecheck: { enabled: true, include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    testTimeout: 20000,
    hookTimeout: 30000,
  },
})
