/**
 * The Hono 4 example app (`apps/examples/hono`): its production build, the app on
 * @hono/node-server, served by `node dist/server/index.js`.
 */
import { exampleAppTarget } from "./example-app.js"

export const hono = exampleAppTarget({
  name: "hono",
  basePath: "/api/auth",
  command: ["node", "dist/server/index.js"],
  buildOutput: "dist/server/index.js",
  features: ["browser-client", "passkeys"],
})
