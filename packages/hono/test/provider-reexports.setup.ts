// Writes `src/providers/<name>.ts` (git-ignored re-exports of @auth/core's providers) before the
// tests import them, as `build` and `typecheck` do.
import { fileURLToPath } from "node:url"
import { writeProviderReexports } from "../../../scripts/write-provider-reexports.mjs"

export default function setup(): void {
  writeProviderReexports(fileURLToPath(new URL("..", import.meta.url)))
}
