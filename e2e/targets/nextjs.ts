/**
 * The Next.js 16 example app (`apps/examples/nextjs`): its production build, served by
 * `next start` (through the app's `serve.mjs`, which also passes `HOST`).
 */
import { exampleAppTarget } from "./example-app.js"

export const nextjs = exampleAppTarget({
  name: "nextjs",
  basePath: "/api/auth",
  command: ["node", "serve.mjs"],
  buildOutput: ".next/BUILD_ID",
  features: ["browser-client", "passkeys"],
})
