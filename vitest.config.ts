import { defineConfig } from "vitest/config"
import { scaled, VITEST_TEARDOWN_TIMEOUT_MS } from "./scripts/test-timeouts.mjs"

// Each project's test and hook timeouts are in its own config (`vitestTimeouts`); the teardown
// timeout is the whole run's, so it lives here.
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "apps/*/vitest.config.ts",
      "apps/examples/*/vitest.config.ts",
      "apps/fixtures/*/vitest.config.ts",
      "bench*/vitest.config.ts",
    ],
    teardownTimeout: scaled(VITEST_TEARDOWN_TIMEOUT_MS),
  },
})
