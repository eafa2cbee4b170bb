import { resolveRequestURL } from "@auth/core"
import { detachBody } from "./body.js"
import type { SolidRequestEvent } from "./event.js"

/** What this package reads of Node's `IncomingMessage`. */
interface NodeRequest {
  readonly url?: string
  readonly headers: { readonly host?: string | string[] }
  readonly socket?: { readonly encrypted?: boolean }
  /** Whether the whole request, body included, has arrived and been parsed. */
  readonly complete?: boolean
}

/**
 * Node's request behind an h3 event, when the app runs on Node: h3 1 (SolidStart 1) keeps it at
 * `event.node.req`, h3 2 (SolidStart 2) at `event.runtime.node.req`.
 */
function nodeRequestOf(nativeEvent: unknown): NodeRequest | undefined {
  const event = nativeEvent as
    | { node?: { req?: NodeRequest }; runtime?: { node?: { req?: NodeRequest } } }
    | undefined
  return event?.runtime?.node?.req ?? event?.node?.req
}

/**
 * The URL core handles a SolidStart request as, or `null` when its `Host` is not a host a URL can
 * have (answer `400`).
 *
 * On Node, the scheme is the socket's (TLS or not) and the host the `Host` header: h3 1 builds
 * `request.url` with the client's `X-Forwarded-Proto`, which would let any client pick
 * `__Secure-` cookie names and `https` links. Elsewhere (edge runtimes) `request.url` is the
 * platform's. Either way core's `resolveRequestURL` decides, and `url` (`AUTH_URL`) pins the
 * origin: set it behind a proxy.
 */
export function requestUrlOf(
  event: Pick<SolidRequestEvent, "request" | "nativeEvent">,
  url: string | URL | undefined,
): URL | null {
  const node = nodeRequestOf(event.nativeEvent)
  const path = pathOf(event.request, node)
  if (!node) {
    if (path === undefined) return null
    return resolveRequestURL(event.request, { url })
  }
  const host = Array.isArray(node.headers.host) ? node.headers.host[0] : node.headers.host
  const protocol = node.socket?.encrypted ? "https" : "http"
  return resolveRequestURL({ protocol, host, path: path ?? "" }, { url })
}

/**
 * The path and query the client asked for. `request.url` is built lazily from the `Host` header
 * by h3 2, and throws for a host no URL can have; then Node's raw request target is used.
 */
function pathOf(request: Request, node: NodeRequest | undefined): string | undefined {
  try {
    const { pathname, search } = new URL(request.url)
    return `${pathname}${search}`
  } catch {
    return node?.url
  }
}

/**
 * The request to hand to core: the same request (method, headers, body, signal) on `url`, its
 * body detached from the framework's stream (see `detachBody`); `request` itself when it has
 * neither another URL nor a body.
 */
export function requestOnUrl(request: Request, url: URL): Request {
  if (request.url === url.href && !request.body) return request
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  }
  if (request.body) {
    init.body = detachBody(request.body)
    init.duplex = "half"
  }
  return new Request(url, init)
}

/**
 * Whether, on Node, part of the request's body is still unread (core refused it by its size or
 * type without reading it all): the connection cannot serve another request, since the rest of
 * the body would be read as one.
 */
export function hasUnreadBody(event: Pick<SolidRequestEvent, "nativeEvent">): boolean {
  return nodeRequestOf(event.nativeEvent)?.complete === false
}
