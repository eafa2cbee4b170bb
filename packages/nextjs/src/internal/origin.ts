import { resolveRequestURL } from "@auth/core"
import type { ResolvedNextAuthConfig } from "./config.js"
import { trustsForwardedHeaders } from "./env.js"

/**
 * The URL core handles a request as (core's `resolveRequestURL`), or `null` when the request
 * names no valid host (answer `400`).
 *
 * - The origin is that of `AUTH_URL` (or `NEXTAUTH_URL`) when set, whatever the headers say;
 *   the `Host` header must still be a valid host.
 * - Else it is the `Host` header over `http`, as `next start` serves plain HTTP. Behind a proxy
 *   the deployment declares (`AUTH_TRUST_HOST=true`, Vercel, Cloudflare Pages), the proxy's
 *   `X-Forwarded-Host` and `X-Forwarded-Proto` (their first values) are used instead.
 *
 * Next.js builds `request.url` from the host it listens on (`localhost:3000` behind any proxy)
 * and copies a client's `X-Forwarded-Proto` into it, so only the path and query of
 * `request.url` are used.
 *
 * @param path the path and query, starting with `/`
 */
export function resolveUrl(
  headers: Headers,
  path: string,
  config: ResolvedNextAuthConfig,
): URL | null {
  const trusted = trustsForwardedHeaders(config.env)
  const host =
    (trusted ? firstValue(headers.get("x-forwarded-host")) : undefined) ?? headers.get("host")
  const protocol = (trusted ? firstValue(headers.get("x-forwarded-proto")) : undefined) ?? "http"
  return resolveRequestURL({ protocol, host, path }, { url: config.auth.url })
}

/** The app's origin as a request's headers name it (see {@link resolveUrl}), or `undefined`. */
export function originOf(headers: Headers, config: ResolvedNextAuthConfig): string | undefined {
  return resolveUrl(headers, "/", config)?.origin
}

/**
 * The URL core handles a web request as: its path and query on the app's origin. Route handlers
 * get `request.url` without the Next.js `basePath` (Next.js strips it; middleware gets it
 * whole): `stripped` puts it back.
 */
export function requestUrlOf(
  request: Request,
  config: ResolvedNextAuthConfig,
  stripped = false,
): URL | null {
  const { pathname, search } = new URL(request.url)
  const prefix = stripped ? config.nextBasePath : ""
  return resolveUrl(request.headers, `${prefix}${pathname}${search}`, config)
}

function firstValue(header: string | null): string | undefined {
  const first = header?.split(",")[0]?.trim()
  return first ? first : undefined
}
