import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "pack-test",
    include: ["test/**/*.test.ts"],
    // Packing, an npm install and three type-checks: minutes, not seconds, on a busy machine.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
})
