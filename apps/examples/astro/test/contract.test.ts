import { fileURLToPath } from "node:url"
import { runHttpContract } from "@auth/integration-test"
import { startAstroServer, WORKSPACE_NODE } from "../../../../packages/astro/test/astro-server.js"

const dir = fileURLToPath(new URL("..", import.meta.url))

// The example app's production build (Astro 7, @astrojs/node standalone) over real sockets, in
// its contract mode (the contract's config; the routes at the integration's default prefix).
runHttpContract({
  name: "Astro 7 (apps/examples/astro)",
  basePaths: ["/api/auth"],
  // Astro refuses form posts without a same-origin `Origin` (security.checkOrigin), as browsers send.
  browserOrigin: true,
  appUrl: true,
  start: ({ config }) =>
    startAstroServer({
      dir,
      node: WORKSPACE_NODE,
      script: "server.mjs",
      env: { EXAMPLE_CONTRACT: "1", ...(config.url ? { AUTH_URL: String(config.url) } : {}) },
    }),
})
