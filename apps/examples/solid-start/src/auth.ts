/**
 * The app's Auth.js setup: the config the catch-all route serves, and the server helpers the
 * pages, actions and middleware use. The three ways to sign in (the demo user, Playground ID,
 * e-mail links) and the database come from `@auth/example-support`; AUTH_SECRET and
 * AUTH_TRUST_HOST from the environment (`pnpm start` sets them).
 */
import { createExampleAuthConfig } from "@auth/example-support"
import { contractConfig } from "@auth/integration-test/fixtures"
import { SolidAuth, type SolidAuthConfig } from "@auth/solid-start"
import { prefix } from "./lib/prefix"

// The repository's HTTP contract suite runs this app's build with EXAMPLE_CONTRACT_BASE_PATH
// set: then it signs in with the contract's own user (see test/contract.test.ts).
export const authConfig: SolidAuthConfig = process.env.EXAMPLE_CONTRACT_BASE_PATH
  ? { ...contractConfig([]), prefix }
  : { ...createExampleAuthConfig({ basePath: prefix }), prefix }

export const { auth, requireSession, signIn, signOut, authMiddleware } = SolidAuth(authConfig)
