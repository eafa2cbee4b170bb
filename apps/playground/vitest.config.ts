import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "playground",
    include: ["src/**/*.test.ts"],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
})
