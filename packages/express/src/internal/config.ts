import { type AuthConfig, setEnvDefaults } from "@auth/core"

/** The config `ExpressAuth` and the session helpers take: any Auth.js config but `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

/**
 * How many base paths one config is resolved for before new ones stop being cached: a mount
 * path with parameters (`/:tenant/auth`) must not grow the cache without bound.
 */
const MAX_BASE_PATHS_PER_CONFIG = 32

const resolved = new WeakMap<ExpressAuthConfig, Map<string, AuthConfig>>()

/**
 * The config to hand to core for one mount path: a copy of the user's config with `basePath`
 * (the user's, else the mount path, else `AUTH_URL`'s path, else `/auth`) and the env defaults
 * from `process.env` applied. Computed once per config object and mount path, so core resolves
 * and checks it once too; the user's object is never mutated.
 *
 * @param mountPath `req.baseUrl` of the middleware, or `undefined` outside of it
 */
export function configFor(config: ExpressAuthConfig, mountPath: string | undefined): AuthConfig {
  const mount = mountPath ? trimTrailingSlashes(mountPath) : ""
  let byMount = resolved.get(config)
  const cached = byMount?.get(mount)
  if (cached) return cached

  const copy: AuthConfig = { ...config, providers: [...(config.providers ?? [])] }
  if (config.basePath === undefined && mount !== "") copy.basePath = mount
  // The mount path is where requests arrive, so it beats AUTH_URL's path without a warning;
  // a basePath the user set next to an AUTH_URL path is worth the warning.
  setEnvDefaults(process.env, copy, config.basePath === undefined)

  if (!byMount) {
    byMount = new Map()
    resolved.set(config, byMount)
  }
  if (byMount.size < MAX_BASE_PATHS_PER_CONFIG) byMount.set(mount, copy)
  return copy
}

function trimTrailingSlashes(path: string): string {
  return path.replace(/\/+$/, "")
}
