import type { Request as ExpressRequest } from "express"
import { requestOrigin, requestPath } from "./origin.js"

/**
 * The absolute URL core sees for the request: its origin (`undefined` when the `Host`, or a
 * trusted `X-Forwarded-Host`, is not a host a URL can have: `evil.example:99999`, `1.2.3.256`,
 * `[::::]`, `999999999999`) and the path and query the client sent. `undefined` when either
 * cannot be used: the request is then answered `400` instead of failing with `Invalid URL`.
 */
export function requestUrl(req: ExpressRequest): URL | undefined {
  const origin = requestOrigin(req)
  const path = requestPath(req)
  if (origin === undefined || path === undefined) return undefined
  const href = `${origin}${path}`
  return URL.canParse(href) ? new URL(href) : undefined
}
