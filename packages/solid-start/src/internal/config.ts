import { type AuthConfig, type EnvObject, setEnvDefaults } from "@auth/core"
import { normalizeBasePath } from "@auth/core/client"

/** Where SolidStart apps serve the auth routes: `src/routes/api/auth/[...solidauth].ts`. */
export const DEFAULT_PREFIX = "/api/auth"

/** The config `SolidAuth` and the session helpers take: any Auth.js config but `raw`. */
export interface SolidAuthConfig extends Omit<AuthConfig, "raw"> {
  /**
   * The path the catch-all API route serves (`src/routes/api/auth/[...solidauth].ts` serves
   * `/api/auth`): the base path of every auth route. Same as `basePath`; `prefix` wins when both
   * are set.
   * @default "/api/auth"
   */
  prefix?: string
}

/** A user's config, prepared once. */
export interface PreparedConfig {
  /**
   * A copy of the user's config for core: `prefix` gone, `basePath` set from it, the env
   * defaults applied (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID`, …).
   */
  readonly config: AuthConfig
  /** `/api/auth` form (`""` for the root): where the auth routes are. */
  readonly basePath: string
}

const prepared = new WeakMap<SolidAuthConfig, PreparedConfig>()

/**
 * Prepares a config once per config object, when a helper first meets it: the env defaults from
 * `process.env` go on a copy (the user's object is never changed), and the base path follows
 * `prefix`. Core resolves and checks the copy on first use, and reports a mistake in the log with
 * every request until it is fixed (the routes answer with the configuration error page, sessions
 * are `null`).
 */
export function prepareConfig(input: SolidAuthConfig): PreparedConfig {
  let entry = prepared.get(input)
  if (!entry) {
    entry = prepare(input, processEnv())
    prepared.set(input, entry)
  }
  return entry
}

/** {@link prepareConfig} with the environment given, uncached. */
export function prepare(input: SolidAuthConfig, env: EnvObject): PreparedConfig {
  const { prefix, ...rest } = input
  const chosen = prefix ?? input.basePath
  const basePath = normalizeBasePath(chosen ?? DEFAULT_PREFIX)
  const config: AuthConfig = { ...rest, providers: [...(rest.providers ?? [])], basePath }
  // The route file decides where requests arrive, as a mount path does: AUTH_URL's path does
  // not move it, and only a path the user chose next to it is worth the warning.
  setEnvDefaults(env, config, chosen === undefined)
  return { config, basePath }
}

/** The process's environment where the runtime has one (Node, Bun, Deno's compat), else `{}`. */
function processEnv(): EnvObject {
  return (globalThis as { process?: { env?: EnvObject } }).process?.env ?? {}
}
