import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "hono",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/provider-reexports.setup.ts"],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
})
