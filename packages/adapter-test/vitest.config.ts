import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    name: "adapter-test",
    include: ["src/**/*.test.ts"],
  },
})
