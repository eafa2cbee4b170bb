import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../../scripts/test-timeouts.mjs"

// Runs against the production build (`pnpm build`): `next start` is spawned by the tests.
export default defineConfig({
  test: {
    name: "nextjs-example",
    include: ["test/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
