import authConfig, { integrationOptions } from "auth:config"
import { type AuthConfig, setEnvDefaults } from "@auth/core"
import { readEnv } from "./env.js"
import { type FullAuthConfig, toBasePath } from "./options.js"

/** A user's config made ready for core: a copy with the base path and the environment applied. */
export interface PreparedConfig {
  /** What `Auth()` and the session checks get. */
  readonly config: AuthConfig
  /** Where the auth routes are: `/api/auth`. */
  readonly basePath: string
}

/** Each config object, prepared once per base path it is served at. */
const prepared = new WeakMap<FullAuthConfig, Map<string, PreparedConfig>>()

/** The config of `auth.config` (the `auth:config` module), used when none is passed. */
export function defaultConfig(): FullAuthConfig {
  return authConfig
}

/**
 * Prepares a config for core once (then cached): a copy (the user's object is never changed)
 * without the integration's options, `basePath` set (see {@link basePathOf}), and the
 * environment applied by core's `setEnvDefaults`: `AUTH_SECRET` (and `AUTH_SECRET_1..3`),
 * `AUTH_URL`, `AUTH_TRUST_HOST`, `AUTH_REDIRECT_PROXY_URL` and the provider variables
 * (`AUTH_GITHUB_ID`, …), values in the config winning.
 *
 * @throws {TypeError} when there is no config object (`auth.config` without a default export)
 */
export function prepareConfig(config: FullAuthConfig = defaultConfig()): PreparedConfig {
  if (typeof config !== "object" || config === null) {
    throw new TypeError(
      "@auth/astro: the auth config is missing. auth.config must `export default defineConfig({ providers: [...] })`, or pass the config to this call.",
    )
  }
  const basePath = basePathOf(config)
  let byBasePath = prepared.get(config)
  let entry = byBasePath?.get(basePath)
  if (!entry) {
    const { prefix, injectEndpoints, configFile, ...authOptions } = config
    const copy: AuthConfig = {
      ...authOptions,
      providers: [...(config.providers ?? [])],
      basePath,
    }
    // The base path is where the routes are served; AUTH_URL's path cannot move them.
    setEnvDefaults(readEnv(), copy, config.basePath === undefined)
    entry = Object.freeze({ config: copy, basePath })
    if (!byBasePath) {
      byBasePath = new Map()
      prepared.set(config, byBasePath)
    }
    byBasePath.set(basePath, entry)
  }
  return entry
}

/**
 * Where a config's auth routes are. For `auth.config` while the integration serves the routes,
 * the integration's `prefix`, since that is where the requests arrive (a different `basePath`
 * or `prefix` in the config is reported once). Otherwise the config's `basePath`, else its
 * `prefix`, else the integration's `prefix`: `auth-astro`'s `defineConfig` had to copy
 * `prefix` into `basePath` for the two to agree; here they agree without it.
 */
export function basePathOf(config: FullAuthConfig): string {
  const named = config.basePath ?? config.prefix
  const namedPath = named === undefined ? undefined : toBasePath(named)
  if (config === authConfig && integrationOptions.injectEndpoints) {
    if (namedPath !== undefined && namedPath !== integrationOptions.prefix) {
      reportMismatch(namedPath, integrationOptions.prefix)
    }
    return integrationOptions.prefix
  }
  return namedPath ?? integrationOptions.prefix
}

let reported = false

function reportMismatch(named: string, prefix: string): void {
  if (reported) return
  reported = true
  console.warn(
    `[auth][warn] @auth/astro: the auth config names the base path "${named}", but the integration serves the auth routes at "${prefix}" (its prefix option), so "${prefix}" is used. Set \`auth({ prefix: "${named}" })\` in astro.config to serve them at "${named}".`,
  )
}
