import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

export default defineConfig({
  test: {
    name: "nextjs",
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "test/**/*.test.tsx"],
    globalSetup: ["./test/provider-reexports.setup.ts"],
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    // `next build` of the typed apps and a real `next start` run in hooks: minutes, not seconds.
    ...vitestTimeouts({ hookTimeout: 240_000 }),
  },
})
