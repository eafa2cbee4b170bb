import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../../scripts/test-timeouts.mjs"

// Runs against the production build (`pnpm build`): `node dist/server/index.js` is spawned.
export default defineConfig({
  test: {
    name: "hono-example",
    include: ["test/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
