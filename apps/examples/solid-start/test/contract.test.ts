import { fileURLToPath } from "node:url"
import { runHttpContract } from "@auth/integration-test"
import { serveOutput } from "../../../../packages/solid-start/test/serve-output.js"

const dir = fileURLToPath(new URL("..", import.meta.url))

// The example's own build (SolidStart 2, Nitro's Node server), switched to the contract's
// config (see src/auth.ts); `AUTH_URL` when the contract sets the app's URL.
runHttpContract({
  name: "@auth/solid-start example on SolidStart 2 (.output/server)",
  basePaths: ["/api/auth"],
  appUrl: true,
  start: ({ basePath, config }) =>
    serveOutput(dir, { EXAMPLE_CONTRACT_BASE_PATH: basePath, AUTH_URL: config.url?.toString() }),
})
