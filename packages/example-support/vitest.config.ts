import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "example-support",
    include: ["src/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
