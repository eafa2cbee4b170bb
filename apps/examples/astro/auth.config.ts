import { defineConfig } from "@auth/astro"
import { createExampleAuthConfig } from "@auth/example-support"
import { contractConfig } from "@auth/integration-test/fixtures"

// The repository's HTTP contract suite runs this app's build with EXAMPLE_CONTRACT=1: then it
// signs in with the contract's own user (see test/contract.test.ts).
export default defineConfig(
  process.env.EXAMPLE_CONTRACT
    ? contractConfig([])
    : createExampleAuthConfig({ basePath: "/api/auth" }),
)
