import { runHttpContract } from "@auth/integration-test"
import { startBuiltApp } from "./app-server.js"
import { describeFormActions } from "./form-actions-http.js"

// The SvelteKit 3 example app's production build (adapter-node), over real sockets, in its
// contract mode (the contract's config, at the base path the contract asks for).
runHttpContract({
  name: "SvelteKit 3 (apps/examples/sveltekit)",
  basePaths: ["/auth", "/api/v1/auth"],
  browserOrigin: true,
  start: ({ basePath }) => startBuiltApp("kit3", { EXAMPLE_CONTRACT_BASE_PATH: basePath }),
})

describeFormActions("kit3")
