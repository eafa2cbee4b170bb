import { defineConfig } from "vitest/config"

// A smoke pass only: every workload runs a few iterations and is checked for correctness. Timings
// are never asserted (they belong to `pnpm bench`, on a quiet machine).
export default defineConfig({
  test: {
    name: "bench",
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
