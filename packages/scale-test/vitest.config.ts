import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "scale-test",
    include: ["test/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
