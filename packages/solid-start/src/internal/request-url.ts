import type { PreparedConfig } from "@auth/core/server"
import { detachBody } from "./body.js"
import type { SolidRequestEvent } from "./event.js"

/** What this package reads of Node's `IncomingMessage`. */
interface NodeRequest {
  readonly url?: string
  /** Node keeps the first `Host` header and drops any other. */
  readonly headers: { readonly host?: string }
  readonly socket?: { readonly encrypted?: boolean; readonly remoteAddress?: string }
  /** Whether the whole request, body included, has arrived and been parsed. */
  readonly complete?: boolean
}

/** A request event as far as its URL goes. */
export type EventRequest = Pick<SolidRequestEvent, "request" | "nativeEvent">

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
 * have (answer `400`). On Node, the request as it came off the socket (its scheme, the `Host`
 * header; forwarded headers never count): h3 1 builds `request.url` with the client's
 * `X-Forwarded-Proto`. Elsewhere (edge runtimes) the platform's `request.url`.
 */
export function requestURLOf(event: EventRequest, prepared: PreparedConfig): URL | null {
  const node = nodeRequestOf(event.nativeEvent)
  // h3 2 builds `request.url` lazily from the `Host` header, and throws for a host no URL can
  // have; then Node's raw request target is the path.
  const path = pathOf(event.request) ?? node?.url
  if (!node) return path === undefined ? null : prepared.requestURL(event.request)
  return prepared.requestURL({
    headers: new Headers(node.headers.host === undefined ? {} : { host: node.headers.host }),
    path: path ?? "",
    protocol: node.socket?.encrypted ? "https" : "http",
    trustForwarded: false,
  })
}

function pathOf(request: Request): string | undefined {
  try {
    const { pathname, search } = new URL(request.url)
    return `${pathname}${search}`
  } catch {
    return undefined
  }
}

/**
 * The request on its app URL, with its headers and without its body, for core's session read,
 * guard and server-side actions; `null` for a `Host` no URL can have.
 */
export function appRequestOf(event: EventRequest, prepared: PreparedConfig): Request | null {
  const url = requestURLOf(event, prepared)
  return url && new Request(url, { headers: event.request.headers })
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

/** The socket's peer address, when the app runs on Node (else `undefined`). */
export function peerAddressOf(event: EventRequest): string | undefined {
  return nodeRequestOf(event.nativeEvent)?.socket?.remoteAddress
}
