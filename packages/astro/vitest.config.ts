import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

const stub = (file: string) => fileURLToPath(new URL(`./test/stubs/${file}`, import.meta.url))

export default defineConfig({
  resolve: {
    // What Astro's Vite provides when it builds an app: `auth:config` (the integration's) and
    // `astro:env/server` (Astro's). The stubs stand in for them in-process.
    alias: [
      { find: "auth:config", replacement: stub("auth-config.ts") },
      { find: "astro:env/server", replacement: stub("astro-env.ts") },
    ],
  },
  test: {
    name: "astro",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
