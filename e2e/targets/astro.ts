/**
 * The Astro 7 example app (`apps/examples/astro`): its production build (@astrojs/node,
 * standalone), served by its own `server.mjs`.
 */
import { exampleAppTarget } from "./example-app.js"

export const astro = exampleAppTarget({
  name: "astro",
  basePath: "/api/auth",
  command: ["node", "server.mjs"],
  buildOutput: "dist/server/entry.mjs",
  features: ["browser-client", "passkeys"],
})
