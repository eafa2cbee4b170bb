import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "integration-test",
    include: ["src/**/*.test.ts"],
    passWithNoTests: true,
  },
})
