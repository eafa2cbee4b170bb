import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "adapter-pg",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
