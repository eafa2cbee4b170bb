import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "dev-servers",
    include: ["src/**/*.test.ts"],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
})
