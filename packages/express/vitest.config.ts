import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "express",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/provider-reexports.setup.ts"],
    ...vitestTimeouts(),
  },
})
