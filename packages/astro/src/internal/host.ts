import { resolveRequestURL } from "@auth/core"

/**
 * Whether the request's `Host` header names a host no URL can have (`evil.example:99999`,
 * `1.2.3.256`, `evil.example/path`): core's verdict, the one every integration uses. Astro
 * builds the request's URL from such a request with another host (`localhost`), so the URL
 * alone cannot tell; the header can. A request without `Host` is Astro's to name.
 */
export function hasInvalidHost(request: Request): boolean {
  const host = request.headers.get("host")
  if (host === null) return false
  const { protocol } = new URL(request.url)
  return resolveRequestURL({ protocol, host, path: "/" }) === null
}

/**
 * The answer to a request core never sees, in core's format (a JSON string): `400` for a
 * `Host` no URL can have, as RFC 9112 asks.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9112#section-3.2
 */
export function badRequest(): Response {
  return Response.json("Bad request.", { status: 400, headers: { "cache-control": "no-store" } })
}
