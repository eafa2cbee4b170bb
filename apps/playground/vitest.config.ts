import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "playground",
    include: ["src/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
