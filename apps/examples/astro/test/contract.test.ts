import { fileURLToPath } from "node:url"
import { DEMO_ACCOUNT, startExampleForContract } from "@auth/example-support/launch"
import { CONTRACT_SECRET, runHttpContract } from "@auth/integration-test"

const cwd = fileURLToPath(new URL("..", import.meta.url))

// The example's own build and config (Astro 7, @astrojs/node standalone), started as
// `pnpm start` does, configured only through its documented environment: JWT sessions,
// AUTH_SECRET, and AUTH_URL when the contract sets the app's URL.
runHttpContract({
  name: "Astro 7 (apps/examples/astro)",
  basePaths: ["/api/auth"],
  // Astro refuses form posts without a same-origin `Origin` (security.checkOrigin), as browsers send.
  browserOrigin: true,
  appUrl: true,
  account: DEMO_ACCOUNT,
  start: ({ basePath, config }) =>
    startExampleForContract({
      cwd,
      command: ["node", "server.mjs"],
      basePath,
      secret: CONTRACT_SECRET,
      url: config.url,
    }),
})
