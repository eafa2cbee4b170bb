import { type AuthConfig, checkConfig } from "@auth/core"
import type { AuthError } from "@auth/core/errors"
import { type PreparedConfig, prepareConfig } from "@auth/core/server"

/** The config `ExpressAuth` and the session helpers take: any Auth.js config but `raw`. */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">

const reported = new WeakSet<ExpressAuthConfig>()

/**
 * The config as core prepares it from `process.env` (`prepareConfig`), for the session helpers
 * and for `ExpressAuth` at `mountPath` (its base path unless the config names one). Core caches
 * it per config object and mount path.
 *
 * @param mountPath `req.baseUrl` of the middleware without its wildcard, or `""`
 */
export function prepareForMount(config: ExpressAuthConfig, mountPath = ""): PreparedConfig {
  // The config's own basePath wins over the mount path: one prepared config then serves them all.
  const basePath = config.basePath === undefined && mountPath !== "" ? mountPath : undefined
  return prepareConfig(config, process.env, { basePath })
}

/**
 * The config without a mount path, whenever `ExpressAuth`, `authSession`, `requireAuth` or
 * `getSession` meets it: a configuration mistake is reported once, with its fix. In production
 * (`NODE_ENV=production`) it is thrown, so the app refuses to start; otherwise it is logged and
 * the app keeps serving (sessions are `null`, and the auth routes answer with the configuration
 * error page).
 *
 * @throws {AuthError} the configuration mistake, in production
 */
export function prepare(config: ExpressAuthConfig): PreparedConfig {
  const prepared = prepareForMount(config)
  // The routes' check: also the `rateLimit` option, which session reads leave out.
  const error = checkConfig(prepared.config)
  if (error && process.env.NODE_ENV === "production") throw error
  if (error && !reported.has(config)) {
    reported.add(config)
    reportConfigError(error, config)
  }
  return prepared
}

const RED = "\x1b[31m"
const RESET = "\x1b[0m"

/**
 * Reports a configuration mistake: to the config's `logger.error` when it has one, else to the
 * console with what happens until it is fixed.
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
