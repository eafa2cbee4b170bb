import type { Request as ExpressRequest } from "express"
import type { RequestBody } from "./body.js"

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
 * The web `Request` core sees: the URL built from the trusted origin and the original path,
 * every request header (repeated ones appended), and the body with its content type.
 */
export function toWebRequest(
  req: ExpressRequest,
  url: URL,
  body: Extract<RequestBody, { kind: "body" }> | undefined,
): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  if (body?.contentType) headers.set("content-type", body.contentType)
  else headers.delete("content-type")
  return new Request(url, {
    method: req.method,
    headers,
    body: body?.body,
  })
}
