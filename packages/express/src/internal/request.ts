import type { PreparedConfig } from "@auth/core/server"
import type { Request as ExpressRequest } from "express"
import type { RequestBody } from "./body.js"

/** Express's compiled `trust proxy` setting: does it trust the hop at this address? */
type TrustProxy = (address: string | undefined, hop: number) => boolean

/** Headers that describe one hop or the original body encoding, not the request core sees. */
const NOT_FORWARDED = new Set([
  "connection",
  "content-length",
  "expect",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
])

/**
 * The URL core handles the request as (`PreparedConfig.requestURL`), or `null` when its `Host`
 * (or a trusted proxy's forwarded host) is not one a URL can have: answer `400`. Express decides
 * whether the peer is a trusted proxy (its `trust proxy` setting), core which of its headers count.
 */
export function requestURL(req: ExpressRequest, prepared: PreparedConfig): URL | null {
  return prepared.requestURL({
    headers: requestHeaders(req),
    path: originForm(req.originalUrl),
    protocol: "encrypted" in req.socket && req.socket.encrypted ? "https" : "http",
    trustForwarded: trustsPeer(req),
  })
}

/** Every request header core may read, repeated ones appended. */
export function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  return headers
}

/** The web `Request` core sees: `url`, the request's method and headers, and the body. */
export function toWebRequest(
  req: ExpressRequest,
  url: URL,
  body: Extract<RequestBody, { kind: "body" }> | undefined,
): Request {
  const headers = requestHeaders(req)
  if (body?.contentType) headers.set("content-type", body.contentType)
  else headers.delete("content-type")
  return new Request(url, { method: req.method, headers, body: body?.body })
}

/**
 * Whether Express's `trust proxy` setting trusts the peer that sent this request. Express 4 and 5
 * both store the compiled setting as `trust proxy fn` and call it exactly like this in
 * `req.protocol` and `req.hostname`.
 */
function trustsPeer(req: ExpressRequest): boolean {
  const trust: unknown = req.app.get("trust proxy fn")
  return typeof trust === "function" && (trust as TrustProxy)(req.socket.remoteAddress, 0)
}

/**
 * The request target in origin form: Node hands an absolute-form target (`GET http://host/path`,
 * RFC 9112 §3.2.2) over as sent, and Express routes it by its path and query.
 */
function originForm(target: string): string {
  if (target.startsWith("/") || !URL.canParse(target)) return target
  const url = new URL(target)
  return `${url.pathname}${url.search}`
}

/**
 * The path the middleware is mounted at: `req.baseUrl`, minus what a trailing wildcard in the
 * mount pattern captured. Auth.js documented `app.use("/auth/*", …)` for Express 4, where the
 * wildcard's capture (`params[0]`, a string) is part of `req.baseUrl`; Express 5 wildcards
 * (`/auth/*splat`, `/auth/{*rest}`) capture an array of segments. Only a suffix is removed, so
 * a mount path that contains an action name (`/signin-area/auth/*`) stays whole.
 */
export function mountPath(req: ExpressRequest): string {
  const base = req.baseUrl
  const captured = wildcardCapture(req.params as Record<string, unknown>)
  return captured && base.endsWith(`/${captured}`)
    ? base.slice(0, base.length - captured.length - 1)
    : base
}

function wildcardCapture(params: Record<string, unknown>): string | undefined {
  const express4 = params["0"]
  if (typeof express4 === "string") return express4
  for (const value of Object.values(params)) {
    if (Array.isArray(value)) return value.join("/")
  }
  return undefined
}
