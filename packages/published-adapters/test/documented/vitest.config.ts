import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../../../scripts/test-timeouts.mjs"

/** The nested run of `documented-schema.test.ts`: the contract on the documented schemas. */
export default defineConfig({
  test: {
    name: "published-adapters, documented schemas",
    root: import.meta.dirname,
    include: ["*.run.ts"],
    ...vitestTimeouts(),
  },
})
