/**
 * Every app the e2e suite runs against, registered here, one file per target. `E2E_TARGETS`
 * (comma-separated names) selects some; by default all run. Each target gives one Playwright
 * project per session strategy, named `<target>-<strategy>`.
 */
import { readdirSync } from "node:fs"
import { astro } from "./astro.js"
import { hono } from "./hono.js"
import { nextjs } from "./nextjs.js"
import { playground } from "./playground.js"
import { solidStart } from "./solid-start.js"
import { sveltekit } from "./sveltekit.js"
import type { E2eTarget, SessionStrategy, TargetFeature } from "./types.js"

export type { E2eTarget, RunningTarget, SessionStrategy, TargetFeature } from "./types.js"
export { SESSION_STRATEGIES } from "./types.js"

/** The registry: add a target's file and one line here. */
export const TARGETS: readonly E2eTarget[] = [
  playground,
  sveltekit,
  nextjs,
  astro,
  solidStart,
  hono,
]

/** The spec files that only targets with that feature run (globs relative to `tests/`). */
export const FEATURE_SPECS: Record<TargetFeature, string> = {
  theme: "**/theme.spec.ts",
  "browser-client": "**/client-*.spec.ts",
  a11y: "**/a11y.spec.ts",
  passkeys: "**/passkeys.spec.ts",
  "playground-pages": "**/playground-pages.spec.ts",
}

/**
 * The targets `E2E_TARGETS` names, in registry order; all of them when it is unset.
 *
 * @throws {Error} for a name that is not registered
 */
export function selectTargets(selection = process.env.E2E_TARGETS): E2eTarget[] {
  const names = (selection ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.length === 0) return [...TARGETS]
  const known = new Set(TARGETS.map((target) => target.name))
  const unknown = names.filter((name) => !known.has(name))
  if (unknown.length > 0) {
    throw new Error(
      `E2E_TARGETS names ${unknown.join(", ")}, not registered in e2e/targets/index.ts (known: ${[...known].join(", ")}).`,
    )
  }
  return TARGETS.filter((target) => names.includes(target.name))
}

/**
 * The registered target of that name.
 *
 * @throws {Error} for an unknown name
 */
export function findTarget(name: string): E2eTarget {
  const target = TARGETS.find((candidate) => candidate.name === name)
  if (!target) throw new Error(`No e2e target "${name}" in e2e/targets/index.ts.`)
  return target
}

/**
 * The specs whose outcome does not depend on the session strategy (how pages look and read, a
 * refusal before any sign-in): run on the database strategy only.
 */
const STRATEGY_INDEPENDENT_SPECS = [
  "**/a11y.spec.ts",
  "**/theme.spec.ts",
  "**/playground-pages.spec.ts",
  // Refused before anything is signed in.
  "**/lockout.spec.ts",
]

/**
 * The specs an example app also runs on the JWT strategy: those where the integration itself
 * reads, sets or clears the session cookie. The rest of a JWT session's behaviour is core's,
 * which the playground's JWT project covers in a browser, and the integration contract suites
 * (vitest) cover for every integration on both strategies.
 */
const EXAMPLE_JWT_SPECS = new Set([
  "session",
  "sessions",
  "credentials",
  "client-session",
  // `getAccessToken` re-seals the session cookie after a refresh, the integration sets it.
  "userinfo",
])

/** Every spec file's name, without `.spec.ts`. */
const SPEC_NAMES = readdirSync(new URL("../tests/", import.meta.url))
  .filter((file) => file.endsWith(".spec.ts"))
  .map((file) => file.slice(0, -".spec.ts".length))

/**
 * The spec globs a target's project for `strategy` does not run: those of the features the
 * target lacks, the strategy-independent ones on JWT, and on an example app's JWT project those
 * not in {@link EXAMPLE_JWT_SPECS}.
 */
export function ignoredSpecs(target: E2eTarget, strategy: SessionStrategy): string[] {
  const ignored = Object.entries(FEATURE_SPECS)
    .filter(([feature]) => !target.features.includes(feature as TargetFeature))
    .map(([, glob]) => glob)
  if (strategy !== "jwt") return ignored
  ignored.push(...STRATEGY_INDEPENDENT_SPECS)
  if (target.name !== "playground") {
    for (const name of SPEC_NAMES) {
      if (!EXAMPLE_JWT_SPECS.has(name)) ignored.push(`**/${name}.spec.ts`)
    }
  }
  return [...new Set(ignored)]
}
