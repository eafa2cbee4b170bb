import { fileURLToPath } from "node:url"
import { runHttpContract } from "@auth/integration-test"
import { startNextServer } from "../../../../packages/nextjs/test/next-server.js"

const dir = fileURLToPath(new URL("..", import.meta.url))

// The example's own build, switched to the contract's config (see auth.ts).
runHttpContract({
  name: "next-auth example on Next.js 16 (next start)",
  basePaths: ["/api/auth"],
  start: ({ basePath }) => startNextServer({ dir, env: { EXAMPLE_CONTRACT_BASE_PATH: basePath } }),
})
