import type { AuthConfig, Cookie, Session } from "../../types.js"
import { type ResolvedConfig, resolveConfig } from "../config/resolve-config.js"
import { isDatabaseUnavailable } from "../database-unavailable.js"
import { parseSessionRequest } from "../request/auth-request.js"
import { createContext } from "../request/context.js"
import { type CacheMiss, type Reissue, readSession, type SessionRead } from "../session/session.js"

/**
 * Why a session could not be read, for another reason than the request's cookie: `"config"`, a
 * config mistake; `"error"`, with the JWT strategy, the `jwt` or `session` callback or a custom
 * `jwt.encode` threw; `"unavailable"`, the adapter's database cannot be reached.
 */
export type SessionFailure = "config" | "error" | "unavailable"

/** Options of a session read. */
export interface SessionReadOptions {
  /**
   * When a JWT session's cookie is re-issued with a fresh expiry: `"always"` (as GET
   * `<basePath>/session`), `"stale"` (once `session.updateAge` has passed, or when the `jwt`
   * callback changed it) or `"never"`. The database strategy extends a stored session when
   * `updateAge` has passed, whatever this says.
   * @default "always"
   */
  readonly reissue?: Reissue
  /**
   * The app's origin, when the integration decided it while the request's own URL is on another
   * host. It decides the cookie names (`__Secure-` on https). `AUTH_URL` wins over it.
   */
  readonly origin?: string
  /**
   * Database sessions with `session.cookieCache`: where a read goes when the cache cookie is
   * stale or missing. `"database"`: the adapter. `"fetch"`: the app's own GET
   * `<basePath>/session`, for middleware on a runtime where the adapter cannot run (the edge),
   * once per `maxAge` per browser; its cookies are passed on.
   * @default "database"
   */
  readonly cacheMiss?: CacheMiss
}

/** A session read: the session, the cookies to set, and why it failed if it did. */
export interface SessionResult {
  /** The session as the `session` callback returned it (GET `/session` sends it), or `null`. */
  readonly session: Session | null
  /** The re-issued session cookie, or the deletion of an invalid or expired one. */
  readonly cookies: Cookie[]
  /** Set when the session could not be read (then `session` is `null`; the cause was logged). */
  readonly failure?: SessionFailure
}

/**
 * Reads the session of a request exactly as GET `<basePath>/session` does, whatever its path and
 * method. Fails closed: a config mistake or a throwing callback gives `session: null`, the cause
 * logged and `failure` set; a missing, expired or tampered cookie gives `session: null`. A
 * mistake in the `rateLimit` option, which no session read uses, is left to the routes and
 * `checkConfig` (so that an edge bundle need not carry the limits).
 */
export async function readRequestSession(
  request: Request,
  config: AuthConfig,
  options: SessionReadOptions = {},
): Promise<SessionResult> {
  const resolved = resolveConfig(config)
  if (resolved.error) {
    resolved.logger.error(resolved.error)
    return { session: null, cookies: [], failure: "config" }
  }
  const origin = resolved.origin ?? options.origin
  const context = createContext(resolved, parseSessionRequest(request, origin))
  const read = await readOrFail(resolved, () => readSession(context, undefined, options))
  if (read === "unavailable" || !read) {
    return { session: null, cookies: [], failure: read ?? "error" }
  }
  return { session: read.session, cookies: [...context.setCookies, ...read.cookies] }
}

/**
 * Runs a session read; a throw is logged (as `Auth()` logs an action's) and gives `undefined`,
 * or `"unavailable"` when the database cannot be reached.
 */
async function readOrFail(
  config: ResolvedConfig,
  read: () => Promise<SessionRead>,
): Promise<SessionRead | "unavailable" | undefined> {
  try {
    return await read()
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)))
    return isDatabaseUnavailable(error) ? "unavailable" : undefined
  }
}
