/**
 * Which client a request comes from, for per-client rate limits. Core sees only the web
 * `Request`, not the socket, so by default it reads what a reverse proxy adds.
 */

/** Longest client key read from a header; longer values are not addresses. */
const MAX_KEY_LENGTH = 100

/**
 * The default client key: the address the nearest reverse proxy appended to `X-Forwarded-For`
 * (its last entry, which the client cannot choose when a proxy is in front), else `X-Real-IP`;
 * `undefined` when neither is present, and then no per-client limit applies.
 *
 * Without a proxy in front of the app, a client can send these headers itself: it can then
 * escape the per-client limit (never the per-address one) or spend another client's. Pass
 * `rateLimit.clientKey` when the integration knows the peer address, or the app sits behind
 * more than one proxy.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7239#section-5.2 (the de facto X-Forwarded-For)
 */
export function defaultClientKey(request: Request): string | undefined {
  const forwarded = request.headers.get("x-forwarded-for")
  const nearest = forwarded?.split(",").at(-1)?.trim()
  const key = nearest || request.headers.get("x-real-ip")?.trim()
  return key && key.length <= MAX_KEY_LENGTH ? key : undefined
}
