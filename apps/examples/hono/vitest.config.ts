import { defineConfig } from "vitest/config"

// Runs against the production build (`pnpm build`): `node dist/server/index.js` is spawned.
export default defineConfig({
  test: {
    name: "hono-example",
    include: ["test/**/*.test.ts"],
    testTimeout: 20000,
    hookTimeout: 90000,
  },
})
