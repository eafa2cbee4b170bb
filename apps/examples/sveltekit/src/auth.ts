import { createExampleAuthConfig } from "@auth/example-support"
import { contractConfig } from "@auth/integration-test/fixtures"
import { SvelteKitAuth } from "@auth/sveltekit"

/** Where the auth routes are: SvelteKit's default, or the HTTP contract's choice in its runs. */
export const basePath = process.env.EXAMPLE_CONTRACT_BASE_PATH || "/auth"

// The repository's HTTP contract suite runs this app's build with EXAMPLE_CONTRACT_BASE_PATH
// set: then it signs in with the contract's own user (see test/ in packages/sveltekit).
const config = process.env.EXAMPLE_CONTRACT_BASE_PATH
  ? { ...contractConfig([]), basePath }
  : createExampleAuthConfig({ basePath })

export const { handle, signIn, signOut } = SvelteKitAuth(config)
