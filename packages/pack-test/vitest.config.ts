import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "pack-test",
    include: ["test/**/*.test.ts"],
    // Packs every published package and runs one npm install for all test files.
    globalSetup: ["test/global-setup.ts"],
    // Type-checks, `next build` and `vite build` take minutes, not seconds, on a busy machine.
    ...vitestTimeouts({ testTimeout: 300_000, hookTimeout: 600_000 }),
  },
})
