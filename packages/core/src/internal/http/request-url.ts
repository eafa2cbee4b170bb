/**
 * The URL a request is handled as. Every URL the service hands out (e-mail links, redirects,
 * provider URLs, the OAuth `redirect_uri`) is built on its origin, so it is decided here, once,
 * for `Auth()`, the session checks, `createActionURL` and every integration.
 */

/** A request as a server without web `Request`s sees it (Node's `http`, Express). */
export interface RequestTarget {
  /** The scheme the client used, `"http"` or `"https"` (a trailing `:` is allowed). */
  readonly protocol: string
  /**
   * The `Host` header as sent, `host[:port]`; or the `X-Forwarded-Host` of a proxy the server
   * trusts. Which header to believe is the integration's call, whether it is a host is core's.
   */
  readonly host: string | null | undefined
  /** The path and query as sent, starting with `/`. */
  readonly path: string
}

/** What decides a request's origin besides the request. */
export interface RequestURLOptions {
  /**
   * The app's public URL (`AuthConfig.url`, by default `AUTH_URL`). When it is an absolute
   * http(s) URL, its origin replaces the request's, whatever the `Host` header said.
   */
  readonly url?: string | URL | undefined
}

/**
 * Characters a `host[:port]` never contains: anything but visible ASCII (browsers send
 * internationalized names as punycode), and the delimiters that would end the authority or add
 * user info to it (`/`, `\`, `?`, `#`, `@`).
 */
const NOT_IN_HOST = /[^\x21-\x7e]|[/\\?#@]/

/**
 * The URL a request is handled as: its own URL, or, for a {@link RequestTarget}, the URL its
 * scheme, host and path make; in both cases on the origin of `options.url` when that is set
 * (`AUTH_URL`), so a poisoned `Host` or `X-Forwarded-Host` moves nothing. A target whose host is
 * not a valid URL host (`evil.example:99999`, `1.2.3.256`, `[::::]`, `999999999999`, a path or
 * user info, an empty or missing `Host` without `options.url`) gives `null`: answer `400`, as
 * RFC 9112 §3.2 asks. With `options.url`, a request without a `Host` (an HTTP/1.0 health check)
 * is served there.
 * A malformed `options.url` is ignored here; `Auth()` reports it as a configuration error.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9112#section-3.2
 * @example
 * // An integration on Node's `http`: one call decides the URL (and whether to answer 400).
 * const url = resolveRequestURL(
 *   { protocol: "https", host: req.headers.host, path: req.url ?? "/" },
 *   config,
 * )
 * if (!url) return badRequest(res)
 * const response = await Auth(new Request(url, { method: req.method, headers }), config)
 */
export function resolveRequestURL(request: Request, options?: RequestURLOptions): URL
export function resolveRequestURL(request: RequestTarget, options?: RequestURLOptions): URL | null
export function resolveRequestURL(
  request: Request | RequestTarget,
  options: RequestURLOptions = {},
): URL | null {
  const origin = serviceOriginOf(options.url)
  return isTarget(request) ? targetURL(request, origin) : requestURL(request, origin)
}

/**
 * The origin of the app's public URL: `scheme://host[:port]` of an absolute http(s) URL, else
 * `undefined`.
 */
export function serviceOriginOf(url: string | URL | undefined): string | undefined {
  if (url === undefined || url === "") return undefined
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  return parsed && (parsed.protocol === "https:" || parsed.protocol === "http:")
    ? parsed.origin
    : undefined
}

/**
 * The URL of a web `Request`, moved to `origin` when one is given. Path and query are appended
 * to the origin as text: resolving them as a reference would let a path like `//evil.example`
 * name another host.
 */
export function requestURL(request: Request, origin: string | undefined): URL {
  const url = new URL(request.url)
  if (origin === undefined || origin === url.origin) return url
  return new URL(`${origin}${url.pathname}${url.search}`)
}

/**
 * The URL of a {@link RequestTarget}, on `origin` when one is given; `null` for a bad host. A
 * request without a host (HTTP/1.0, as a load balancer's health check sends it; Node refuses an
 * HTTP/1.1 one itself) is served on `origin` when there is one.
 */
export function targetURL(target: RequestTarget, origin: string | undefined): URL | null {
  if (!target.path.startsWith("/")) return null
  if (!target.host && origin !== undefined) return new URL(`${origin}${target.path}`)
  const own = originOfHost(target.protocol, target.host)
  if (own === undefined) return null
  return new URL(`${origin ?? own}${target.path}`)
}

/**
 * `scheme://host[:port]` for a `Host` header value, or `undefined` when it is not exactly a
 * valid URL host with an optional port (the WHATWG URL parser's verdict, the one browsers use)
 * or the scheme is not http(s).
 */
function originOfHost(protocol: string, host: string | null | undefined): string | undefined {
  const scheme = protocol.toLowerCase().replace(/:$/, "")
  if (scheme !== "http" && scheme !== "https") return undefined
  if (!host || NOT_IN_HOST.test(host)) return undefined
  try {
    return new URL(`${scheme}://${host}`).origin
  } catch {
    return undefined
  }
}

function isTarget(request: Request | RequestTarget): request is RequestTarget {
  return typeof (request as Partial<RequestTarget>).path === "string" && !("url" in request)
}
