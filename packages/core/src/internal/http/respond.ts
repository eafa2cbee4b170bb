import type { Cookie } from "../../types/cookies.js"
import type { ResponseInternal } from "../../types.js"
import { serializeCookie } from "../cookies/serialize.js"

/**
 * Turns an internal response into a web `Response`, one `Set-Cookie` header per cookie. The
 * headers are handed to the `Response` as a list, so they are copied once, not twice.
 */
export function toResponse(result: ResponseInternal): Response {
  const headers = headerList(result.headers)
  for (const value of setCookieHeaders(result.cookies ?? [])) headers.push(["Set-Cookie", value])
  if (result.redirect !== undefined) {
    const withLocation = headers.filter(([name]) => name.toLowerCase() !== "location")
    withLocation.push(["Location", result.redirect])
    return new Response(null, { status: 302, headers: withLocation })
  }
  const body =
    headerValue(headers, "content-type") === "application/json"
      ? JSON.stringify(result.body ?? null)
      : result.body === undefined || result.body === null
        ? null
        : String(result.body)
  return new Response(body, { status: result.status ?? 200, headers })
}

/**
 * The `Set-Cookie` header values of cookies, in order.
 *
 * @throws {TypeError} When a cookie's name or options are not valid (see `serializeCookie`).
 */
export function setCookieHeaders(cookies: readonly Cookie[]): string[] {
  return cookies.map((cookie) => serializeCookie(cookie.name, cookie.value, cookie.options))
}

/** Leading and trailing HTTP whitespace, which `Headers` strips from values. */
const HTTP_WHITESPACE_AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g

/** The headers of an internal response as a list of name-value pairs. */
function headerList(init: HeadersInit | undefined): [string, string][] {
  if (init === undefined) return []
  // A list or a `Headers` (any iterable, as for `new Headers`): normalized by `Headers`.
  if (Symbol.iterator in init) return [...new Headers(init)]
  return Object.entries(init)
}

/**
 * A header's value as `Headers.get` gives it: every value under that name (in any case), joined
 * with ", ".
 */
function headerValue(headers: [string, string][], name: string): string | null {
  const values = headers
    .filter(([key]) => key.toLowerCase() === name)
    .map(([, value]) => String(value).replace(HTTP_WHITESPACE_AROUND, ""))
  return values.length === 0 ? null : values.join(", ")
}

/**
 * With `X-Auth-Return-Redirect` on the request, a redirect becomes `200` with JSON `{ url }`
 * (for clients that navigate themselves); the other headers, cookies included, are kept.
 */
export function toReturnedRedirect(response: Response): Response {
  const location = response.headers.get("Location")
  if (!location) return response
  const headers = new Headers(response.headers)
  headers.set("Content-Type", "application/json")
  return new Response(JSON.stringify({ url: location }), { status: 200, headers })
}

/** A JSON response for requests that never reach an action. */
export function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  })
}

/** Prepends cookies to an internal response's own. */
export function withCookies(result: ResponseInternal, cookies: Cookie[]): ResponseInternal {
  if (cookies.length === 0) return result
  return { ...result, cookies: [...cookies, ...(result.cookies ?? [])] }
}
