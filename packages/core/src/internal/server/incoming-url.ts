import { type EnvObject, parseBooleanEnv } from "../config/env.js"
import { resolveRequestURL } from "../http/request-url.js"

/**
 * A request as an integration sees it when `request.url` is not to be believed or there is no
 * web `Request` at all (Node's `http`, Express; Next.js builds `request.url` from the host it
 * listens on).
 */
export interface IncomingRequest {
  /** The request's headers: `Host`, and `Forwarded` / `X-Forwarded-*` from a trusted hop. */
  readonly headers: Headers
  /** The path and query as the client sent them, starting with `/`. */
  readonly path: string
  /** The scheme of the connection the request came in on: `"http"` or `"https"`. */
  readonly protocol: string
  /**
   * Whether the hop that sent the request is a trusted proxy, when the framework knows (Express's
   * `trust proxy`); by default the deployment's declaration (`PreparedConfig.trustForwarded`).
   */
  readonly trustForwarded?: boolean
}

/**
 * `AUTH_TRUST_HOST`, `VERCEL` or `CF_PAGES` declare a proxy in front of the app that sets the
 * forwarded headers. `"false"`, `"0"`, `"no"` and `""` say no.
 */
export function trustsForwardedHeaders(env: EnvObject): boolean {
  return [env.AUTH_TRUST_HOST, env.VERCEL, env.CF_PAGES].some(
    (value) => parseBooleanEnv(value) === true,
  )
}

/**
 * The URL of an incoming request: the `Host` header on the connection's scheme; with a trusted
 * hop, the proxy's `Forwarded` (RFC 7239, its first element) else `X-Forwarded-Host` /
 * `X-Forwarded-Proto` (their first values), each falling back to `Host` and the connection's
 * scheme; on `url`'s origin (`AUTH_URL`) when set. `null` when the host is not a valid URL host.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7239#section-5.3 Forwarded: host
 */
export function incomingURL(
  request: IncomingRequest,
  trusted: boolean,
  url: string | URL | undefined,
): URL | null {
  const { headers } = request
  let host: string | undefined
  let protocol: string | undefined
  if (trusted) {
    const forwarded = parseForwarded(headers.get("forwarded"))
    host = forwarded.host ?? firstValue(headers.get("x-forwarded-host"))
    protocol = forwarded.proto ?? firstValue(headers.get("x-forwarded-proto"))
  }
  return resolveRequestURL(
    {
      protocol: protocol ?? request.protocol,
      host: host ?? headers.get("host"),
      path: collapseLeadingSlashes(request.path),
    },
    { url },
  )
}

/** `host` and `proto` of the first element of a `Forwarded` header. */
function parseForwarded(header: string | null): { host?: string; proto?: string } {
  if (!header) return {}
  const first = header.split(",")[0] ?? ""
  const found: { host?: string; proto?: string } = {}
  for (const pair of first.split(";")) {
    const equals = pair.indexOf("=")
    if (equals === -1) continue
    const name = pair.slice(0, equals).trim().toLowerCase()
    const value = unquote(pair.slice(equals + 1).trim())
    if (value === "") continue
    if (name === "host") found.host = value
    else if (name === "proto") found.proto = value
  }
  return found
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, "$1")
  }
  return value
}

function firstValue(header: string | null): string | undefined {
  const first = header?.split(",")[0]?.trim()
  return first ? first : undefined
}

/** Leading slashes and backslashes as one `/`, so a path can never read as another host. */
function collapseLeadingSlashes(path: string): string {
  return path.replace(/^[/\\]+/, "/")
}
