import { type AuthConfig, checkConfig, setEnvDefaults } from "@auth/core"
import type { AuthError } from "@auth/core/errors"
import { LruCache } from "./lru.js"

/** The config `ExpressAuth` and the session helpers take: any Auth.js config but `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

/**
 * How many mount paths one config keeps a resolved copy for. A mount path with parameters
 * (`/:tenant/auth`) has one per tenant: beyond this many, the least recently used tenant's copy
 * is made again on its next request (a shallow copy, so that is cheap), and memory stays bounded
 * whatever paths clients send.
 */
export const MAX_MOUNT_PATHS = 1000

/** A user's config, prepared once: the environment applied on a copy, and checked. */
export interface PreparedConfig {
  /**
   * A copy of the user's config with the env defaults applied (`AUTH_SECRET`, `AUTH_URL`,
   * `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID`…); `basePath` is the config's, else `AUTH_URL`'s
   * path, else `/auth`.
   */
  readonly base: AuthConfig
  /** The first configuration mistake, reported once when the config was prepared. */
  readonly error: AuthError | undefined
  /** Whether the user's config names its own `basePath` (then the mount path does not count). */
  readonly fixedBasePath: boolean
  /** `base` with the mount path as `basePath`, per mount path. */
  readonly byMountPath: LruCache<string, AuthConfig>
}

const prepared = new WeakMap<ExpressAuthConfig, PreparedConfig>()

/**
 * Prepares a config once per config object, when `ExpressAuth`, `authSession`, `requireAuth` or
 * `getSession` first meets it: the env defaults from `process.env` go on a copy (the user's
 * object is never mutated) and core checks it. A configuration mistake is reported once, with
 * its fix: in production (`NODE_ENV=production`) it is thrown, so the app refuses to start;
 * otherwise it is logged and the app keeps serving (sessions are `null`, and the auth routes
 * answer with the configuration error page).
 *
 * @throws {AuthError} the configuration mistake, in production
 */
export function prepareConfig(config: ExpressAuthConfig): PreparedConfig {
  let entry = prepared.get(config)
  if (!entry) {
    const base: AuthConfig = { ...config, providers: [...(config.providers ?? [])] }
    // A basePath the user set next to an AUTH_URL path is worth setEnvDefaults' warning.
    setEnvDefaults(process.env, base)
    entry = {
      base,
      error: checkConfig(base),
      fixedBasePath: config.basePath !== undefined,
      byMountPath: new LruCache(MAX_MOUNT_PATHS),
    }
    prepared.set(config, entry)
    if (entry.error && !isProduction()) reportConfigError(entry.error, config)
  }
  if (entry.error && isProduction()) throw entry.error
  return entry
}

/**
 * The config to hand to core for one mount path: the prepared copy, with the mount path as its
 * `basePath` unless the user's config names one. Each mount path's copy is made once (up to
 * {@link MAX_MOUNT_PATHS} of them), so core resolves it once too.
 *
 * @param mountPath `req.baseUrl` of the middleware, or `""` outside of it
 */
export function configFor(config: PreparedConfig, mountPath: string): AuthConfig {
  const mount = mountPath.replace(/\/+$/, "")
  if (mount === "" || config.fixedBasePath) return config.base
  let copy = config.byMountPath.get(mount)
  if (!copy) {
    // The mount path is where requests arrive, so it beats AUTH_URL's path, without a warning.
    copy = { ...config.base, basePath: mount }
    config.byMountPath.set(mount, copy)
  }
  return copy
}

function isProduction(): boolean {
  return process.env.NODE_ENV === "production"
}

const RED = "\x1b[31m"
const RESET = "\x1b[0m"

/**
 * Reports a configuration mistake once: to the config's `logger.error` when it has one, else to
 * the console with what happens until it is fixed.
 */
function reportConfigError(error: AuthError, config: ExpressAuthConfig): void {
  const log = config.logger?.error
  if (log) {
    try {
      log(error)
    } catch {
      // A broken logger must not stop the app from starting.
    }
    return
  }
  console.error(
    [
      `${RED}[auth][error]${RESET} ${error.type}: ${error.message}`,
      `${RED}[auth][error]${RESET} @auth/express: until this is fixed, the auth routes answer with the configuration error page and every session is null. With NODE_ENV=production, the app refuses to start.`,
    ].join("\n"),
  )
}
