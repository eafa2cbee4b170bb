import { defineConfig } from "vitest/config"

// Runs against the production build (`pnpm build`): the tests start `.output/server/index.mjs`.
export default defineConfig({
  test: {
    name: "solid-start-example",
    include: ["test/**/*.test.ts"],
    testTimeout: 20000,
    hookTimeout: 90000,
  },
})
