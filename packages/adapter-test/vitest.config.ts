import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "adapter-test",
    include: ["src/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
