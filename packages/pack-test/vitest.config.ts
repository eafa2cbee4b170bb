import { defineConfig } from "vitest/config"
import { scaled } from "./test/support/timeouts.js"

export default defineConfig({
  test: {
    name: "pack-test",
    include: ["test/**/*.test.ts"],
    // Packs every published package and runs one npm install for all test files.
    globalSetup: ["test/global-setup.ts"],
    // Type-checks, `next build` and `vite build` take minutes, not seconds, on a busy machine.
    testTimeout: scaled(300_000),
    hookTimeout: scaled(600_000),
  },
})
