import { fileURLToPath } from "node:url"
import { DEMO_ACCOUNT, startExampleForContract } from "@auth/example-support/launch"
import { CONTRACT_SECRET, runHttpContract } from "@auth/integration-test"

const cwd = fileURLToPath(new URL("..", import.meta.url))

// The example's own build and config (SolidStart 2, Nitro's Node server), started as
// `pnpm start` does, configured only through its documented environment: JWT sessions,
// AUTH_SECRET, and AUTH_URL when the contract sets the app's URL.
runHttpContract({
  name: "@auth/solid-start example on SolidStart 2 (.output/server)",
  basePaths: ["/api/auth"],
  appUrl: true,
  account: DEMO_ACCOUNT,
  start: ({ basePath, config }) =>
    startExampleForContract({
      cwd,
      command: ["node", "serve.mjs"],
      basePath,
      secret: CONTRACT_SECRET,
      url: config.url,
    }),
})
