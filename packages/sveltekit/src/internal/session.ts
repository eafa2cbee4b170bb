import { applySetCookies } from "@auth/core/cookie"
import {
  getSession,
  type PreparedConfig,
  sessionAsJson,
  sessionCacheHeaders,
  setCookieHeaders,
} from "@auth/core/server"
import type { Cookie, Session } from "@auth/core/types"
import type { RequestEvent } from "@sveltejs/kit"
import { setCookies } from "./cookies.js"
import { logError } from "./log.js"

/**
 * The session reads of the requests being handled, one per request until a form action changes
 * the auth cookies. Keyed by the `Request`, which SvelteKit hands unchanged to the hook, the
 * actions and the loads.
 */
const reads = new WeakMap<Request, Promise<Session | null>>()

/** The `Cookie` header of requests whose auth cookies a form action changed, as it is now. */
const cookieHeaders = new WeakMap<Request, string>()

/** The requests whose response this package gave auth cookies (a session read's, an action's). */
const withAuthCookies = new WeakSet<Request>()

/**
 * The session of a request, as `GET <basePath>/session` would answer it (JSON: dates as
 * strings), or `null`. Read once per request and cached; a form action that signs in or out
 * clears the cache ({@link setActionCookies}), so a later read sees the change. The cookies the
 * read re-issues (the sliding expiry) are set through `event.cookies`.
 *
 * Fails closed: a config mistake or a throwing callback gives `null`, with the cause logged.
 */
export function readSession(
  event: RequestEvent,
  prepared: PreparedConfig,
): Promise<Session | null> {
  let read = reads.get(event.request)
  if (!read) {
    read = readEventSession(event, prepared)
    reads.set(event.request, read)
  }
  return read
}

/**
 * Sets the cookies a form action got from core, and makes the next session read of this request
 * see them: the same request must not read a session it just ended.
 */
export function setActionCookies(event: RequestEvent, cookies: readonly Cookie[]): void {
  if (cookies.length === 0) return
  const setCookie = setCookieHeaders(cookies)
  setCookies(event.cookies, setCookie)
  withAuthCookies.add(event.request)
  const before = cookieHeaders.get(event.request) ?? event.request.headers.get("cookie")
  cookieHeaders.set(event.request, applySetCookies(before, setCookie))
  reads.delete(event.request)
}

async function readEventSession(
  event: RequestEvent,
  { config }: PreparedConfig,
): Promise<Session | null> {
  // Core reads only the URL (the scheme picks the cookie names) and the cookies.
  const cookie = cookieHeaders.get(event.request)
  const request =
    cookie === undefined ? event.request : new Request(event.request.url, { headers: { cookie } })
  try {
    const { session, cookies } = await getSession(request, config)
    setCookies(event.cookies, setCookieHeaders(cookies))
    if (cookies.length > 0) withAuthCookies.add(event.request)
    // As `GET /session` sends it, and as Auth.js's `locals.auth()` returned it: parsed JSON.
    return sessionAsJson(session)
  } catch (error) {
    // A cookie option core cannot write (a config mistake): no session, and the cause logged.
    logError(config, error)
    return null
  }
}

/**
 * The app's response, kept out of shared caches when this package set a session cookie on it
 * (the re-issue of `locals.auth()`, the deletion of a cookie that no longer decodes, a form
 * action's): core's `sessionCacheHeaders`, on a copy when its headers are immutable.
 */
export function uncachedWithAuthCookies(event: RequestEvent, response: Response): Response {
  if (!withAuthCookies.has(event.request)) return response
  const set = sessionCacheHeaders(response.headers)
  if (set.length === 0) return response
  let target = response
  try {
    for (const [name, value] of set) target.headers.set(name, value)
  } catch {
    // A fetched response has immutable headers: copy it.
    target = new Response(response.body, response)
    for (const [name, value] of set) target.headers.set(name, value)
  }
  return target
}
