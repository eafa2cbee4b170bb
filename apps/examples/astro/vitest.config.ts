import { defineConfig } from "vitest/config"

// Runs against the production build (`pnpm build`): `node dist/server/entry.mjs` is spawned.
export default defineConfig({
  test: {
    name: "astro-example",
    include: ["test/**/*.test.ts"],
    testTimeout: 20000,
    hookTimeout: 90000,
  },
})
