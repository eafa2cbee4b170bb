import { CONTRACT_SECRET, runHttpContract } from "@auth/integration-test"
import { DEMO_ACCOUNT, startExampleForContract } from "../../example-support/src/launch.js"
import { APPS } from "./app-server.js"
import { describeExampleGuard } from "./example-guard.js"
import { describeFormActions } from "./form-actions-http.js"

/**
 * The SvelteKit 3 example app's production build (adapter-node, its `server.js`) with its own
 * config, started as `pnpm start` does and configured only through its documented environment
 * (JWT sessions, AUTH_SECRET), over real sockets, at its base path.
 */
function startExample(basePath: string) {
  return startExampleForContract({
    cwd: APPS.kit3.dir,
    command: ["node", "server.js"],
    basePath,
    secret: CONTRACT_SECRET,
  })
}

runHttpContract({
  name: "SvelteKit 3 (apps/examples/sveltekit)",
  basePaths: ["/auth"],
  browserOrigin: true,
  account: DEMO_ACCOUNT,
  start: ({ basePath }) => startExample(basePath),
})

describeFormActions("kit3", { start: () => startExample("/auth"), account: DEMO_ACCOUNT })

describeExampleGuard(() => startExample("/auth"), DEMO_ACCOUNT)
