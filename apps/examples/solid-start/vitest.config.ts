import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../../scripts/test-timeouts.mjs"

// Runs against the production build (`pnpm build`): the tests start `.output/server/index.mjs`.
export default defineConfig({
  test: {
    name: "solid-start-example",
    include: ["test/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
