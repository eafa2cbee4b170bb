import { configDefaults, defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "adapter-pg",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The load test needs a real server: without DATABASE_URL it registers no test, and vitest
    // fails a file without tests, so it is left out rather than skipped.
    exclude: process.env.DATABASE_URL
      ? configDefaults.exclude
      : [...configDefaults.exclude, "test/load.test.ts"],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
})
