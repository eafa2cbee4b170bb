/**
 * Small HTTP helpers the local servers share: listening on a loopback port, closing without
 * waiting for kept-alive connections, reading bodies, answering, recording requests, and queues
 * of failures to induce.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A failure to induce on the next request to an endpoint.
 *
 * - `{ error }`: an OAuth error. Token and userinfo answer with a JSON error body
 *   (status 400 unless given); an authorization endpoint redirects to the client with
 *   `error=<error>&state=<state>`.
 * - `{ garbage }`: the raw body, sent as is (status 200 and `application/json` unless given).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 Error response
 */
export type EndpointFailure =
  | { error: string; error_description?: string; status?: number }
  | { garbage: string; status?: number; contentType?: string }

/** The authorization response a client's redirect URI receives, without following it. */
export interface AuthorizationResponse {
  /**
   * `query`: the server redirected to `url`; `form_post`: it rendered an auto-submitting form
   * that would POST `params` to `url`.
   */
  responseMode: "query" | "form_post"
  /** The redirect (query mode, parameters included) or the form's action (form_post mode). */
  url: URL
  /** `code`, `state`, `iss`, or `error` and `error_description`. */
  params: URLSearchParams
}

/** A request a server received, recorded for assertions. */
export interface RecordedRequest {
  method: string
  /** Path and query. */
  url: string
  headers: Record<string, string>
  /** The raw body; `""` when there is none or when the body was not read. */
  body: string
}

/** Where a server listens. */
export interface ListenOptions {
  /**
   * The port; `0` picks a free one.
   * @default 0
   */
  port?: number
  /**
   * A loopback address.
   * @default "127.0.0.1"
   */
  host?: string
}

/** A queue of induced failures per endpoint. */
export class FailureQueue<E extends string> {
  readonly #queues = new Map<E, EndpointFailure[]>()

  push(endpoint: E, failure: EndpointFailure): void {
    const queue = this.#queues.get(endpoint) ?? []
    queue.push(failure)
    this.#queues.set(endpoint, queue)
  }

  take(endpoint: E): EndpointFailure | undefined {
    return this.#queues.get(endpoint)?.shift()
  }
}

/** Answers with an induced failure (see {@link EndpointFailure}). */
export function sendFailure(res: ServerResponse, failure: EndpointFailure): void {
  if ("garbage" in failure) {
    res.writeHead(failure.status ?? 200, {
      "content-type": failure.contentType ?? "application/json",
    })
    res.end(failure.garbage)
    return
  }
  const { status = 400, ...body } = failure
  sendJson(res, status, body)
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
  res.end(JSON.stringify(body))
}

/** Answers with a plain-text body. */
export function sendText(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" })
  res.end(body)
}

/**
 * Answers with an HTML page that loads nothing and that no other origin may frame. No
 * `form-action`: browsers apply it to the redirects after a form post, and the login form's
 * redirect goes back to the client, on another origin.
 */
export function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
  })
  res.end(body)
}

/** Answers with `302 Found` to `location`. */
export function redirect(res: ServerResponse, location: URL): void {
  res.writeHead(302, { location: location.href })
  res.end()
}

/** Whether an HTTP status is a redirect that carries a `Location`. */
export function isRedirect(status: number): boolean {
  return [301, 302, 303, 307, 308].includes(status)
}

/** Reads a request body as UTF-8 text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks).toString("utf8")
}

/** Copies a request's method, URL and headers (and the body, if read) for assertions. */
export function recordRequest(req: IncomingMessage, body = ""): RecordedRequest {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value
  }
  return { method: req.method ?? "GET", url: req.url ?? "/", headers, body }
}

/** Listens (on `127.0.0.1` and a free port unless told) and returns `http://<host>:<port>`. */
export async function listen(server: Server, options: ListenOptions = {}): Promise<string> {
  const host = options.host ?? "127.0.0.1"
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`
}

/** Closes a server, dropping kept-alive connections so `close` does not wait for them. */
export async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    server.closeAllConnections()
  })
}

/** A fetch handler served over node:http, and how to stop it. */
export interface ServedFetch {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  close(): Promise<void>
}

/**
 * Serves a fetch handler (`(request) => Response`, as an edge runtime or a route handler takes
 * requests) on `127.0.0.1` and a free port: GET and HEAD requests with their headers, which is
 * what the tests that serve one send; the response's `Set-Cookie` headers each on their own line.
 */
export async function serveFetch(
  handler: (request: Request) => Promise<Response>,
): Promise<ServedFetch> {
  let url = ""
  const server = createServer(async (req, res) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      for (const item of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, item)
    }
    const response = await handler(new Request(new URL(req.url ?? "/", url), { headers }))
    res.statusCode = response.status
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value)
    })
    res.setHeader("set-cookie", response.headers.getSetCookie())
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  url = await listen(server)
  return { url, close: () => closeServer(server) }
}
