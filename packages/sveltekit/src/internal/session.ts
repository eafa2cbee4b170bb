import { resolveRequestURL } from "@auth/core"
import { checkSession } from "@auth/core/session"
import type { Session } from "@auth/core/types"
import type { RequestEvent } from "@sveltejs/kit"
import type { RequestConfig } from "./config.js"
import { applySetCookies, cookiesChanged, currentCookieHeader } from "./cookies.js"
import { logError } from "./log.js"

/**
 * The session reads of the requests being handled, one per request until cookies change. Keyed
 * by the `Request`, which SvelteKit hands unchanged to the hook, the actions and the loads.
 */
const reads = new WeakMap<Request, Promise<Session | null>>()

/**
 * The session of a request, as `GET <basePath>/session` would answer it (JSON: dates as
 * strings), or `null`. Read once per request and cached; a form action that signs in or out
 * clears the cache ({@link forgetSession}), so a later read sees the change. The cookies the read
 * re-issues (the sliding expiry) are set through `event.cookies`.
 *
 * Fails closed: a config mistake or a throwing callback gives `null`, with the cause logged by
 * core.
 */
export function readSession(event: RequestEvent, request: RequestConfig): Promise<Session | null> {
  let read = reads.get(event.request)
  if (!read) {
    read = checkEventSession(event, request)
    reads.set(event.request, read)
  }
  return read
}

/** Forgets the cached session of a request, after its auth cookies changed. */
export function forgetSession(event: RequestEvent): void {
  reads.delete(event.request)
}

async function checkEventSession(event: RequestEvent, { config, basePath }: RequestConfig) {
  const request = sessionRequest(event, config, basePath)
  let check: Awaited<ReturnType<typeof checkSession>>
  try {
    check = await checkSession(request, config)
  } catch (error) {
    // A cookie option core cannot write (a config mistake): no session, and the cause logged.
    logError(config, error)
    return null
  }
  const { session, setCookie } = check
  applySetCookies(event.cookies, setCookie)
  if (!session) return null
  // As `GET /session` sends it, and as Auth.js's `locals.auth()` returned it: parsed JSON.
  const json: unknown = JSON.parse(JSON.stringify(session))
  return isNonEmptyObject(json) ? (json as Session) : null
}

/**
 * The request to read the session from. Core reads only its URL (the scheme picks the cookie
 * names) and its cookies, never its body or path, so the request itself does, unless this
 * request changed the auth cookies (a form action signed in or out): then a request carrying
 * the cookies as they are now.
 */
function sessionRequest(event: RequestEvent, config: RequestConfig["config"], basePath: string) {
  if (!cookiesChanged(event.cookies)) return event.request
  const origin = resolveRequestURL(event.request, { url: config.url }).origin
  const cookie = currentCookieHeader(event.cookies)
  return new Request(`${origin}${basePath}/session`, { headers: cookie ? { cookie } : {} })
}

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length > 0
}
