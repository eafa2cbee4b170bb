import { AUTH_ROUTE_METHODS, rejectionMessage } from "@auth/core/server"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"

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

/**
 * Answers a request core never sees, in core's format: a JSON string message. `405` names the
 * allowed methods in `Allow`. For `413`, see {@link refuseOversizedBody}; for a `Host` no URL can
 * have, core's `invalidHostResponse()`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6
 */
export function rejectRequest(res: ExpressResponse, status: 405): void {
  res.status(status)
  res.setHeader("Content-Type", "application/json")
  res.setHeader("Allow", AUTH_ROUTE_METHODS.join(", "))
  res.end(JSON.stringify(rejectionMessage(status)))
}

/** How much of a refused body is read and dropped after the `413`, in bytes. */
export const MAX_DISCARDED_BYTES = 8 * 1024 * 1024

/** How long the rest of a refused body is waited for, in milliseconds. */
export const DISCARD_TIMEOUT_MS = 5_000

/**
 * Answers `413` to a body over the limit with `Connection: close`, then reads and drops the rest
 * of the body, up to {@link MAX_DISCARDED_BYTES} and {@link DISCARD_TIMEOUT_MS}, and only then ends
 * the response, which closes the connection. Closing at once, while the client is still sending,
 * makes the server's kernel answer the bytes that keep coming with a reset, and a reset can
 * destroy the `413` before the client, or a proxy in front of the app, has read it (through
 * HAProxy it was lost 1 to 5 times in 20). The answer is complete (`Content-Length`) before
 * anything is dropped: a client that reads while it sends has it at once.
 */
export function refuseOversizedBody(req: ExpressRequest, res: ExpressResponse): void {
  const body = JSON.stringify(rejectionMessage(413))
  res.status(413)
  res.setHeader("Content-Type", "application/json")
  res.setHeader("Content-Length", String(Buffer.byteLength(body)))
  res.setHeader("Connection", "close")
  res.write(body)
  if (req.readableEnded || req.destroyed) {
    res.end()
    return
  }
  let dropped = 0
  const finish = (): void => {
    clearTimeout(timer)
    req.off("data", onData)
    req.off("end", finish)
    req.off("error", finish)
    req.off("close", finish)
    req.pause()
    if (!res.writableEnded) res.end()
  }
  const onData = (chunk: Buffer): void => {
    dropped += chunk.byteLength
    if (dropped > MAX_DISCARDED_BYTES) finish()
  }
  const timer = setTimeout(finish, DISCARD_TIMEOUT_MS)
  req.on("data", onData)
  req.once("end", finish)
  req.once("error", finish)
  req.once("close", finish)
  req.resume()
}
