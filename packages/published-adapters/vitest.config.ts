import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "published-adapters",
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
