import { fileURLToPath } from "node:url"
import { DEMO_ACCOUNT, startExampleForContract } from "@auth/example-support/launch"
import { CONTRACT_SECRET, runHttpContract } from "@auth/integration-test"

const cwd = fileURLToPath(new URL("..", import.meta.url))

// The example's own build and config, started as `pnpm start` does, configured only through its
// documented environment (JWT sessions, AUTH_SECRET).
runHttpContract({
  name: "next-auth example on Next.js 16 (next start)",
  basePaths: ["/api/auth"],
  account: DEMO_ACCOUNT,
  start: ({ basePath }) =>
    startExampleForContract({
      cwd,
      command: ["node", "serve.mjs"],
      basePath,
      secret: CONTRACT_SECRET,
      // Next's middleware names every loopback IP `localhost`: so do the contract's requests.
      hostname: "localhost",
    }),
})
