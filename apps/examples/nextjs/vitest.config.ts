import { defineConfig } from "vitest/config"

// Runs against the production build (`pnpm build`): `next start` is spawned by the tests.
export default defineConfig({
  test: {
    name: "nextjs-example",
    include: ["test/**/*.test.ts"],
    testTimeout: 20000,
    hookTimeout: 90000,
  },
})
