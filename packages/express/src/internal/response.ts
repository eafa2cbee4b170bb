import type { Response as ExpressResponse } from "express"

/**
 * Writes a web `Response` to Express: status, every header (each `Set-Cookie` on its own line,
 * after any cookie the app already set; `Vary` added to the app's), then the body. Unlike
 * Auth.js, no `Content-Type` is invented for a response without one (its redirects carried an
 * empty `Content-Type:`).
 */
export async function writeResponse(response: Response, res: ExpressResponse): Promise<void> {
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === "vary") res.vary(value)
    else if (name !== "set-cookie") res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.append("Set-Cookie", cookies)
  res.end(body)
}

/** The methods core serves: every action is a GET or a POST. */
export const ALLOWED_METHODS = ["GET", "POST"] as const

/** The requests answered before core sees them, and what they are told. */
const REJECTIONS = {
  400: "Bad request.",
  405: "Method not allowed.",
  413: "Request body too large.",
} as const

/**
 * Answers a request core never sees, in core's format: a JSON string message. `405` names the
 * allowed methods in `Allow`; `413` also closes the connection, because the rest of the oversized
 * body is left unread.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6
 */
export function rejectRequest(res: ExpressResponse, status: keyof typeof REJECTIONS): void {
  res.status(status)
  res.setHeader("Content-Type", "application/json")
  if (status === 405) res.setHeader("Allow", ALLOWED_METHODS.join(", "))
  if (status === 413) res.setHeader("Connection", "close")
  res.end(JSON.stringify(REJECTIONS[status]))
}
