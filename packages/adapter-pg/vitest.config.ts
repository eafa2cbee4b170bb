import { configDefaults, defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "adapter-pg",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The load and outage tests need a real server (PGlite runs in-process: it cannot be cut
    // off): without DATABASE_URL they register no test, and vitest fails a file without tests,
    // so they are left out rather than skipped.
    exclude: process.env.DATABASE_URL
      ? configDefaults.exclude
      : [...configDefaults.exclude, "test/load.test.ts", "test/outage.test.ts"],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
})
