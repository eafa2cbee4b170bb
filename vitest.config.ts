import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "apps/*/vitest.config.ts",
      "apps/examples/*/vitest.config.ts",
      "apps/fixtures/*/vitest.config.ts",
      "bench*/vitest.config.ts",
    ],
  },
})
