/**
 * The SvelteKit 3 example app (`apps/examples/sveltekit`): its production build, served by its
 * own `server.js` (adapter-node's handler, told that it serves plain http).
 */
import { exampleAppTarget } from "./example-app.js"

export const sveltekit = exampleAppTarget({
  name: "sveltekit",
  basePath: "/auth",
  command: ["node", "server.js"],
  buildOutput: "build/handler.js",
  features: ["browser-client", "passkeys"],
})
