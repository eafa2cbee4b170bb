#!/usr/bin/env node
// Writes src/providers/<id>.ts for every public provider module of @auth/core (one
// re-export each, so `next-auth/providers/<id>` works for each of them), and removes the ones
// core no longer has. `src/providers.test.ts` fails when they are out of step:
// `pnpm --filter next-auth providers` to fix.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const here = new URL("..", import.meta.url).pathname
const coreProviders = join(here, "..", "core", "src", "providers")
const ours = join(here, "src", "providers")

/** The provider modules of core: its `providers/<id>.ts` files but the index and the tests. */
export function coreProviderIds() {
  return readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "index.ts")
    .map((file) => file.slice(0, -".ts".length))
    .sort()
}

/** The source of `src/providers/<id>.ts`. */
export function providerSource(id) {
  const core = `@auth/core/providers/${id}`
  const hasDefault = /^export default\b/m.test(
    readFileSync(join(coreProviders, `${id}.ts`), "utf8"),
  )
  return [
    "/**",
    ` * Re-export of \`${core}\`.`,
    " *",
    ` * @module next-auth/providers/${id}`,
    " */",
    `export * from "${core}"`,
    ...(hasDefault ? [`export { default } from "${core}"`] : []),
    "",
  ].join("\n")
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ids = coreProviderIds()
  for (const file of readdirSync(ours)) {
    const id = file.slice(0, -".ts".length)
    if (file !== "index.ts" && !file.endsWith(".test.ts") && !ids.includes(id)) {
      rmSync(join(ours, file))
    }
  }
  for (const id of ids) writeFileSync(join(ours, `${id}.ts`), providerSource(id))
  console.log(`${ids.length} providers written to src/providers/.`)
}
