import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import { vitestTimeouts } from "../../scripts/test-timeouts.mjs"

const stub = (file: string) => fileURLToPath(new URL(`./test/kit-stubs/${file}`, import.meta.url))

export default defineConfig({
  resolve: {
    // What SvelteKit provides when it builds an app; the unit tests set them per test.
    alias: [
      { find: "$env/dynamic/private", replacement: stub("env.ts") },
      { find: "$app/environment", replacement: stub("environment.ts") },
      { find: "$app/paths", replacement: stub("paths.ts") },
    ],
  },
  test: {
    name: "sveltekit",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    ...vitestTimeouts(),
  },
})
