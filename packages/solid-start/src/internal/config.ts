import type { AuthConfig, EnvObject } from "@auth/core"
import { type PreparedConfig, prepareConfig } from "@auth/core/server"

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

/** Core's config for each user's config: `prefix` as `basePath`, made once per object. */
const coreConfigs = new WeakMap<SolidAuthConfig, AuthConfig>()

/**
 * Prepares a config with core's `prepareConfig` (once per config object, on a copy: the user's
 * object is never changed): the env defaults from `process.env`, and `prefix` as the base path,
 * `/api/auth` by default, where the catch-all route is (`AUTH_URL`'s path does not move it).
 */
export function prepare(input: SolidAuthConfig, env: EnvObject = processEnv()): PreparedConfig {
  let config = coreConfigs.get(input)
  if (!config) {
    const { prefix, ...rest } = input
    config = prefix === undefined ? rest : { ...rest, basePath: prefix }
    coreConfigs.set(input, config)
  }
  return prepareConfig(config, env, { basePath: "/api/auth" })
}

/** The process's environment where the runtime has one (Node, Bun, Deno's compat), else `{}`. */
function processEnv(): EnvObject {
  return (globalThis as { process?: { env?: EnvObject } }).process?.env ?? {}
}
