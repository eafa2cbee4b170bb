import { fileURLToPath } from "node:url"
import { DEMO_ACCOUNT, startExampleForContract } from "@auth/example-support/launch"
import { CONTRACT_SECRET, runHttpContract } from "@auth/integration-test"

const cwd = fileURLToPath(new URL("..", import.meta.url))

// The example's own build and config (Hono 4 on @hono/node-server), started as `pnpm start`
// does, configured only through its documented environment: JWT sessions, AUTH_SECRET, and
// AUTH_URL when the contract sets the app's URL.
runHttpContract({
  name: "@auth/hono example on @hono/node-server (dist/server)",
  basePaths: ["/api/auth"],
  appUrl: true,
  account: DEMO_ACCOUNT,
  start: ({ basePath, config }) =>
    startExampleForContract({
      cwd,
      command: ["node", "dist/server/index.js"],
      basePath,
      secret: CONTRACT_SECRET,
      url: config.url,
    }),
})
