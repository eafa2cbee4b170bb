/**
 * The SolidStart 2 example app (`apps/examples/solid-start`): its production build
 * (`.output/server/index.mjs`), served by the app's `serve.mjs` on PORT and HOST.
 */
import { exampleAppTarget } from "./example-app.js"

export const solidStart = exampleAppTarget({
  name: "solid-start",
  basePath: "/api/auth",
  command: ["node", "serve.mjs"],
  buildOutput: ".output/server/index.mjs",
  features: ["browser-client", "passkeys"],
})
