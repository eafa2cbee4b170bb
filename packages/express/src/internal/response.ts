import type { Response as ExpressResponse } from "express"

/**
 * Writes a web `Response` to Express: status, every header (each `Set-Cookie` on its own line,
 * after any cookie the app already set), then the body. Unlike Auth.js, no `Content-Type` is
 * invented for a response without one (its redirects carried an empty `Content-Type:`).
 */
export async function writeResponse(response: Response, res: ExpressResponse): Promise<void> {
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.append("Set-Cookie", cookies)
  res.end(body)
}

/**
 * Answers a request core never sees, in core's format: a JSON string message. `413` also closes
 * the connection, because the rest of the oversized body is left unread.
 */
export function rejectRequest(res: ExpressResponse, status: 400 | 413): void {
  const message = status === 413 ? "Request body too large." : "Bad request."
  res.status(status)
  res.setHeader("Content-Type", "application/json")
  if (status === 413) res.setHeader("Connection", "close")
  res.end(JSON.stringify(message))
}
