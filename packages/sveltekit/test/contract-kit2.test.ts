import { runHttpContract } from "@auth/integration-test"
import { startBuiltApp } from "./app-server.js"
import { describeFormActions } from "./form-actions-http.js"

// The SvelteKit 2 fixture's production build (adapter-node), over real sockets: at its default
// base path (`/auth`) and at a `basePath` set in its config.
runHttpContract({
  name: "SvelteKit 2 (apps/fixtures/sveltekit2)",
  basePaths: ["/auth", "/api/v1/auth"],
  browserOrigin: true,
  start: ({ basePath }) =>
    startBuiltApp("kit2", basePath === "/auth" ? {} : { CONTRACT_BASE_PATH: basePath }),
})

describeFormActions("kit2")
