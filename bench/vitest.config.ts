import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../scripts/test-timeouts.mjs"

// A smoke pass only: every workload runs a few iterations and is checked for correctness. Timings
// are never asserted (they belong to `pnpm bench`, on a quiet machine).
export default defineConfig({
  test: {
    name: "bench",
    include: ["test/**/*.test.ts"],
    // A test runs a whole workload (servers, bundles, cold imports), not one request.
    ...vitestTimeouts({ testTimeout: 120_000 }),
  },
})
