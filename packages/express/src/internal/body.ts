import type { Request as ExpressRequest } from "express"

/**
 * Largest request body read, in bytes: core's own limit (64 KiB). Reading stops at the first
 * byte beyond it, so a huge upload is never buffered.
 */
export const MAX_BODY_BYTES = 64 * 1024

/** Bytes on their own `ArrayBuffer`, as a web `Request` body wants them. */
export type Bytes = Uint8Array<ArrayBuffer>

/** The body to give core, or why there is none. */
export type RequestBody =
  | {
      readonly kind: "body"
      readonly body: Bytes | string | undefined
      /** The `Content-Type` describing `body` (it changes when a parsed body is re-encoded). */
      readonly contentType: string | undefined
    }
  | { readonly kind: "too-large" }

/**
 * The request body for core. When a body parser already consumed the stream (`express.json()`,
 * `express.urlencoded()`, `express.text()`, `express.raw()`, multer…), `req.body` is encoded
 * again; otherwise the raw bytes are read, up to {@link MAX_BODY_BYTES}.
 *
 * @throws {Error} when the client aborts while the body is read
 */
export async function readRequestBody(req: ExpressRequest): Promise<RequestBody> {
  const contentType = req.get("content-type")
  if (wasConsumed(req)) return { kind: "body", ...encodeParsedBody(req.body, contentType) }
  const declared = Number(req.get("content-length"))
  if (declared > MAX_BODY_BYTES) return { kind: "too-large" }
  const bytes = await readLimited(req, MAX_BODY_BYTES)
  if (!bytes) return { kind: "too-large" }
  return { kind: "body", body: bytes.byteLength > 0 ? bytes : undefined, contentType }
}

/**
 * Whether something upstream read the body: body-parser 1 (Express 4) sets `req._body`,
 * body-parser 2 (Express 5) and other parsers leave the stream read or ended. Express 4's
 * parsers set `req.body = {}` even when they skip a request, so `req.body` alone says nothing.
 */
function wasConsumed(req: ExpressRequest): boolean {
  return (req as { _body?: unknown })._body === true || req.readableDidRead || req.readableEnded
}

/** Encodes a body a parser produced back into bytes core can parse. */
export function encodeParsedBody(
  body: unknown,
  contentType: string | undefined,
): { body: Bytes | string | undefined; contentType: string | undefined } {
  if (body === undefined || body === null) return { body: undefined, contentType }
  if (typeof body === "string") return { body, contentType }
  if (body instanceof Uint8Array) return { body: new Uint8Array(body), contentType }
  if (typeof body === "object" && !contentType?.toLowerCase().includes("json")) {
    // URL-encoded (flat or qs-style nested) and multipart fields become a URL-encoded form:
    // core reads form fields as strings either way.
    return { body: encodeForm(body), contentType: "application/x-www-form-urlencoded" }
  }
  return { body: JSON.stringify(body), contentType: "application/json" }
}

/**
 * Encodes parsed form fields the way they arrived: a repeated field (`a=1&a=2`, parsed to an
 * array) is repeated again, and the nested objects of `urlencoded({ extended: true })` use the
 * bracket syntax it parsed (`user[name]=x`).
 */
export function encodeForm(fields: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) appendField(params, key, value)
  return params.toString()
}

function appendField(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined) return
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item !== null && typeof item === "object") appendField(params, `${key}[${index}]`, item)
      else appendField(params, key, item)
    })
  } else if (value !== null && typeof value === "object") {
    for (const [name, item] of Object.entries(value)) appendField(params, `${key}[${name}]`, item)
  } else {
    params.append(key, value === null ? "" : String(value))
  }
}

/**
 * Reads the request stream into one buffer; `undefined` as soon as it exceeds `limit`. The
 * stream is then paused: the caller answers 413, drops the rest (bounded), and closes.
 */
function readLimited(req: ExpressRequest, limit: number): Promise<Bytes | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const cleanup = (): void => {
      req.off("data", onData)
      req.off("end", onEnd)
      req.off("error", onError)
      req.off("close", onClose)
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength
      if (size > limit) {
        cleanup()
        req.pause()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = (): void => {
      cleanup()
      const bytes = new Uint8Array(size)
      let offset = 0
      for (const chunk of chunks) {
        bytes.set(chunk, offset)
        offset += chunk.byteLength
      }
      resolve(bytes)
    }
    const onError = (error: Error): void => {
      cleanup()
      reject(error)
    }
    const onClose = (): void => {
      cleanup()
      reject(new Error("The client closed the connection before the request body was complete."))
    }
    req.on("data", onData)
    req.on("end", onEnd)
    req.on("error", onError)
    req.on("close", onClose)
  })
}
