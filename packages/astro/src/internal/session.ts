import { checkSession, type Reissue, type SessionCheck } from "@auth/core/session"
import type { Session } from "@auth/core/types"
import type { PreparedConfig } from "./config.js"

/** The session reads of the requests being handled: one per request and config. */
const reads = new WeakMap<Request, Map<PreparedConfig, Promise<SessionRead>>>()

/** A session as `GET <basePath>/session` sends it, and the cookies that read sets. */
export interface SessionRead {
  /** The session as JSON would carry it (dates as strings), or `null`. */
  readonly session: Session | null
  /**
   * `Set-Cookie` values: the re-issued session cookie (its sliding expiry), when `reissue`
   * asked for it, or the deletion of an invalid one.
   */
  readonly setCookie: readonly string[]
}

/**
 * Reads the session of a request once (later calls for the same `Request` and config get the
 * same read, whatever their `reissue`): core's `checkSession`, as `GET <basePath>/session`
 * reads it. `reissue` says when the session cookie is re-issued (see core's `checkSession`):
 * the middleware re-issues it when stale; a page, which cannot set cookies, reads only.
 *
 * Fails closed: any failure (a config mistake, a callback that throws, a cookie option core
 * cannot write) gives `null`, with the cause logged; it never throws into the page.
 */
export function readSession(
  request: Request,
  prepared: PreparedConfig,
  reissue: Reissue,
): Promise<SessionRead> {
  let byConfig = reads.get(request)
  let read = byConfig?.get(prepared)
  if (!read) {
    read = checkRequest(request, prepared, reissue)
    if (!byConfig) {
      byConfig = new Map()
      reads.set(request, byConfig)
    }
    byConfig.set(prepared, read)
  }
  return read
}

async function checkRequest(
  request: Request,
  { config }: PreparedConfig,
  reissue: Reissue,
): Promise<SessionRead> {
  let check: SessionCheck
  try {
    check = await checkSession(request, config, { reissue })
  } catch (error) {
    logError(config, error)
    return { session: null, setCookie: [] }
  }
  if (!check.session) return { session: null, setCookie: check.setCookie }
  // As `GET /session` sends it, and as `auth-astro`'s `getSession` returned it: parsed JSON.
  const json: unknown = JSON.parse(JSON.stringify(check.session))
  const session = isNonEmptyObject(json) ? (json as Session) : null
  return { session, setCookie: check.setCookie }
}

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length > 0
}

function logError(config: PreparedConfig["config"], error: unknown): void {
  const cause = error instanceof Error ? error : new Error(String(error))
  const log = config.logger?.error
  if (log) log(cause)
  else console.error("[auth][error]", cause)
}
