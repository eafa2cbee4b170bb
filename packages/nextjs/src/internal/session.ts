import { checkSession, type Reissue, sessionAsJson } from "@auth/core/session"
import type { Session } from "@auth/core/types"
import type { ReadyConfig } from "./config.js"

/** A session read for server code. */
export interface SessionRead {
  /** The session in its server-side shape, as JSON would carry it; `null` when there is none. */
  readonly session: Session | null
  /**
   * The `Set-Cookie` values to send: the re-issued session cookie (when `reissue` asked for
   * it), or the deletion of an invalid one; for callers that can set cookies.
   */
  readonly setCookie: readonly string[]
}

const NO_SESSION: SessionRead = Object.freeze({ session: null, setCookie: Object.freeze([]) })

/**
 * Reads the session that the cookies of a request carry, as GET `<basePath>/session` on the
 * app's `url` would (its origin decides whether the `__Secure-` cookie names are read), with
 * the server-side session shape. `source` is the request (its `Cookie` header is read, whatever
 * its URL) or a `Cookie` header value. `reissue` says when the session cookie is re-issued (see
 * core's `checkSession`).
 *
 * Fails closed (GHSA-8fpg-xm3f-6cx3): a config mistake, a failing adapter or callback gives
 * `null`, never an error body; the cause is in the server log.
 */
export async function readSession(
  source: Request | string | null | undefined,
  url: URL,
  config: ReadyConfig,
  reissue: Reissue,
): Promise<SessionRead> {
  if (!source) return NO_SESSION
  const request =
    typeof source === "string" ? new Request(url, { headers: { cookie: source } }) : source
  if (!request.headers.get("cookie")) return NO_SESSION
  const { session, setCookie, failure } = await checkSession(request, config.session, {
    reissue,
    origin: url.origin,
    // Database sessions with `session.cookieCache`: the edge has no database, the app's own
    // `/session` (on Node) reads it when the cache cookie is stale.
    cacheMiss: isEdgeRuntime() ? "fetch" : "database",
  })
  if (failure) return NO_SESSION
  return { session: sessionAsJson(session), setCookie }
}

/**
 * Whether this code runs on Next.js's edge runtime (`middleware.ts` by default before Next.js
 * 15.5, or a route with `runtime = "edge"`), where Next.js sets `NEXT_RUNTIME` to `"edge"`.
 */
export function isEdgeRuntime(): boolean {
  return typeof process !== "undefined" && process.env?.NEXT_RUNTIME === "edge"
}
