/**
 * The Next.js 16 example app (`apps/examples/nextjs`): its production build, served by
 * the app's `serve.mjs` (Next's custom-server API, as `next start` serves it, on PORT and HOST).
 */
import { exampleAppTarget } from "./example-app.js"

export const nextjs = exampleAppTarget({
  name: "nextjs",
  basePath: "/api/auth",
  command: ["node", "serve.mjs"],
  buildOutput: ".next/BUILD_ID",
  features: ["browser-client", "passkeys"],
})
