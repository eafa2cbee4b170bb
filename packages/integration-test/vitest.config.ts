import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "integration-test",
    include: ["src/**/*.test.ts"],
    passWithNoTests: true,
    ...vitestTimeouts(),
  },
})
