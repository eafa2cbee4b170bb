import { resolveRequestURL } from "@auth/core"
import type { Request as ExpressRequest } from "express"

/** Express's compiled `trust proxy` setting: does it trust the hop at this address? */
type TrustProxy = (address: string | undefined, hop: number) => boolean

/**
 * Whether Express's `trust proxy` setting trusts the peer that sent this request, i.e. whether
 * its `X-Forwarded-*` headers count. Express 4 and 5 both store the compiled setting as
 * `trust proxy fn` and call it exactly like this in `req.protocol` and `req.hostname`/`req.host`.
 */
function trustsPeer(req: ExpressRequest): boolean {
  const trust: unknown = req.app.get("trust proxy fn")
  return typeof trust === "function" && (trust as TrustProxy)(req.socket.remoteAddress, 0)
}

/**
 * The request's scheme: `req.protocol`, which honours `X-Forwarded-Proto` only from a trusted
 * proxy. A trusted proxy naming something other than http(s) is ignored.
 */
export function requestProtocol(req: ExpressRequest): "http" | "https" {
  const protocol = req.protocol.toLowerCase()
  if (protocol === "http" || protocol === "https") return protocol
  return "encrypted" in req.socket && req.socket.encrypted ? "https" : "http"
}

/**
 * The request's host with its port, as sent: the first `X-Forwarded-Host` value when `trust
 * proxy` trusts the sender, else the `Host` header. This is Express 5's `req.host`; Express 4 has
 * no getter that keeps the port (its `req.hostname` drops it), so both are computed the same way
 * here. Whether it is a host at all is core's call (see {@link requestOrigin}).
 */
export function requestHost(req: ExpressRequest): string | undefined {
  const forwarded = trustsPeer(req) ? req.get("x-forwarded-host") : undefined
  return forwarded ? forwarded.split(",")[0]!.trim() : req.get("host")
}

/**
 * `scheme://host[:port]` of the request as Express sees it, or `undefined` when its host is not
 * one a URL can have (`evil.example:99999`, `1.2.3.256`, `evil.example/path`…): core's
 * `resolveRequestURL` decides, as it does for every integration. Such a request gets `400`.
 * With `AUTH_URL` set, core then handles the request on `AUTH_URL`'s origin instead.
 */
export function requestOrigin(req: ExpressRequest): string | undefined {
  const target = { protocol: requestProtocol(req), host: requestHost(req), path: "/" }
  return resolveRequestURL(target)?.origin
}

/**
 * The path and query of the request as the client sent it (before any mount path was
 * stripped). A request in absolute form (`GET http://host/path`) keeps only its path and query;
 * leading slashes and backslashes collapse to one, so the path can never read as another host.
 */
export function requestPath(req: ExpressRequest): string | undefined {
  const raw = req.originalUrl
  if (raw.startsWith("/")) return raw.replace(/^[/\\]+/, "/")
  try {
    const url = new URL(raw)
    return `${url.pathname}${url.search}`.replace(/^[/\\]+/, "/")
  } catch {
    return undefined
  }
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
