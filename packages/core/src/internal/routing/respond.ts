import type { Cookie, ResponseInternal } from "../../types.js"
import { serializeCookie } from "../cookies/serialize.js"

/** Turns an internal response into a web `Response`, one `Set-Cookie` header per cookie. */
export function toResponse(result: ResponseInternal): Response {
  const headers = new Headers(result.headers)
  for (const cookie of result.cookies ?? []) {
    headers.append("Set-Cookie", serializeCookie(cookie.name, cookie.value, cookie.options))
  }
  if (result.redirect !== undefined) {
    headers.set("Location", result.redirect)
    return new Response(null, { status: 302, headers })
  }
  const contentType = headers.get("Content-Type")
  const body =
    contentType === "application/json"
      ? JSON.stringify(result.body ?? null)
      : result.body === undefined || result.body === null
        ? null
        : String(result.body)
  return new Response(body, { status: result.status ?? 200, headers })
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
