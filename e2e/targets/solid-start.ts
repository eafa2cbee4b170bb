/**
 * The SolidStart 2 example app (`apps/examples/solid-start`): its production build, served by
 * Nitro's Node server (`.output/server/index.mjs`, which reads PORT and HOST).
 */
import { exampleAppTarget } from "./example-app.js"

export const solidStart = exampleAppTarget({
  name: "solid-start",
  basePath: "/api/auth",
  command: ["node", ".output/server/index.mjs"],
  buildOutput: ".output/server/index.mjs",
  features: ["browser-client", "passkeys"],
})
