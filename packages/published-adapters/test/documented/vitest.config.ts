import { defineConfig } from "vitest/config"

/** The nested run of `documented-schema.test.ts`: the contract on the documented schemas. */
export default defineConfig({
  test: {
    name: "published-adapters, documented schemas",
    root: import.meta.dirname,
    include: ["*.run.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
