import { encode } from "@auth/core/jwt"
import { describe, expect, it, vi } from "vitest"
import type { ContractContext } from "../context.js"
import { parseSetCookie } from "../cookie-jar.js"
import { CONTRACT_SECRET, COOKIES, type ContractAccount } from "../fixtures.js"

/** How old the stale session is: past the default `session.updateAge` of a day. */
const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000

/**
 * A session cookie for the account's user issued two days ago: any session read that re-issues
 * stale cookies (`reissue: "stale"`, or `"always"`) sets a fresh one. Its session id (`sid`:
 * when the session started, in base 36, and a random id, as core makes it) says it started now,
 * so that a "signed out everywhere" of the user that an earlier test left in a shared store
 * (Redis, with `REDIS_URL`) does not refuse it: it is stale, not revoked.
 */
async function staleSessionCookie({ user }: ContractAccount): Promise<string> {
  const sid = `${Date.now().toString(36)}-${crypto.randomUUID()}`
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - TWO_DAYS_MS })
  try {
    const token = await encode({
      secret: CONTRACT_SECRET,
      salt: COOKIES.session,
      token: { name: user.name, email: user.email, sub: user.id, sid },
    })
    return `${COOKIES.session}=${token}`
  } finally {
    vi.useRealTimers()
  }
}

/** The session cookies (chunks included) a response sets: re-issued, or deleted. */
function sessionCookiesOf(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((header) => parseSetCookie(header)?.name.startsWith(COOKIES.session) === true)
}

/** RFC 9110's status codes a cache may store without explicit freshness (heuristically). */
const HEURISTICALLY_CACHEABLE = new Set([
  200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501,
])

/**
 * Whether a shared cache may store a response (RFC 9111 §3): not when its `Cache-Control` has
 * `no-store` or `private`; else when it is `public`, has explicit freshness (`max-age`,
 * `s-maxage`, `Expires`), or a status cacheable by default (a `200` page, not a `303`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc9111#section-3
 */
function isStorableBySharedCache(response: Response): boolean {
  const directives = (response.headers.get("cache-control") ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase().split("=", 1)[0])
  if (directives.includes("no-store") || directives.includes("private")) return false
  const explicit = ["public", "max-age", "s-maxage"].some((name) => directives.includes(name))
  return explicit || response.headers.has("expires") || HEURISTICALLY_CACHEABLE.has(response.status)
}

/** Whether a shared cache may store the response while it sets a session cookie. */
function storableWithSessionCookie(response: Response): boolean {
  return sessionCookiesOf(response).length > 0 && isStorableBySharedCache(response)
}

function cacheControlOf(response: Response): string {
  return `${response.status}, Cache-Control: ${response.headers.get("cache-control")}`
}

/**
 * A response of the app's own (`GET /me`, `GET /protected`) on which the integration sets a
 * session cookie (the sliding re-issue of a stale session, or the deletion of one that does not
 * decode) must not be storable by a shared cache: a page (`200`) needs `private` or `no-store`
 * in its `Cache-Control`, else a CDN may hand the cookie, or the signed-in page, to the next
 * visitor; a redirect without freshness information is not stored anyway. A response without a
 * session cookie meets the rule as it is (what it caches is the app's business).
 */
export function describeCaching(context: ContractContext): void {
  const requests = [
    ["GET /me", "/me", { accept: "application/json" }],
    ["GET /protected (a page)", "/protected", { accept: "text/html,*/*;q=0.8" }],
    ["GET /protected (JSON)", "/protected", { accept: "application/json" }],
  ] as const
  describe("caching", () => {
    it.for(requests)(
      "%s carrying a re-issued session cookie is not storable by a shared cache",
      async ([, path, headers]) => {
        const cookie = await staleSessionCookie(context.account)
        const response = await context.client().fetch(path, { headers: { ...headers, cookie } })
        expect(response.status).toBe(200)
        expect(storableWithSessionCookie(response), cacheControlOf(response)).toBe(false)
      },
    )

    it.for(requests)(
      "%s deleting a session cookie that does not decode is not storable by a shared cache",
      async ([, path, headers]) => {
        const cookie = `${COOKIES.session}=not-a-session-token`
        const response = await context.client().fetch(path, { headers: { ...headers, cookie } })
        expect(storableWithSessionCookie(response), cacheControlOf(response)).toBe(false)
      },
    )
  })
}
