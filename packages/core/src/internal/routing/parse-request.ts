import { UnknownAction } from "../../errors.js"
import { isAuthAction } from "../config/env.js"
import { parseCookieHeader } from "../cookies/parse.js"
import { findDuplicateJsonKey } from "../http/json-keys.js"
import { parseMediaType } from "../http/media-type.js"
import { AUTH_ROUTE_METHODS, type RejectionStatus } from "../http/rejections.js"
import { requestURL } from "../http/request-url.js"
import { type AuthRequest, isManagementAction, type ServedAction } from "../request/auth-request.js"

/** Largest request body read, in bytes. Larger bodies get 413. */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * How much of a refused body is still read and dropped after the 413, in bytes. Cancelling the
 * stream instead makes Node.js servers (SvelteKit's and Astro's adapters, Next.js, h3) destroy
 * the socket, so the client gets a reset (or `EPIPE` while still sending) instead of the 413;
 * dropping the rest lets the answer arrive and keeps the connection usable. Past this, the stream
 * is cancelled: nobody reads an endless body.
 */
const MAX_DISCARDED_BYTES = 8 * 1024 * 1024

/** Why a request could not be parsed, and the status to answer with. */
export class RequestRejected extends Error {
  constructor(
    readonly status: RejectionStatus,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message)
    this.name = "RequestRejected"
  }
}

/**
 * Actions whose path may name a provider (for `passkeys`, `sessions` and `accounts`, the
 * operation: `remove`, `revoke`, `unlink`).
 */
const ACTIONS_WITH_PROVIDER: ReadonlySet<ServedAction> = new Set([
  "signin",
  "callback",
  "webauthn-options",
  "passkeys",
  "sessions",
  "accounts",
])

/**
 * Parses a web `Request` into an {@link AuthRequest}: the action and provider from the path
 * under `basePath`, the query, cookies, and a JSON, URL-encoded or multipart body of at most
 * {@link MAX_BODY_BYTES}, chosen by the parsed media type of `Content-Type` (never by a
 * substring of it). Throws {@link UnknownAction} for a path no action serves and
 * {@link RequestRejected} for a method other than GET and POST (405) or a body or query that
 * cannot be trusted: a name given twice (in the query, the form, or any object of a JSON body),
 * malformed JSON, another media type.
 */
export async function parseRequest(
  request: Request,
  basePath: string,
  origin?: string,
): Promise<AuthRequest> {
  // On the app's origin when it has one (`AUTH_URL`): the Host header then moves nothing.
  const url = requestURL(request, origin)
  const method = request.method.toUpperCase()
  if (!AUTH_ROUTE_METHODS.includes(method)) {
    // Auth.js answers 400; RFC 9110 §15.5.6 asks for 405 with `Allow`.
    throw new RequestRejected(405, `Only GET and POST are served; the request used ${method}.`)
  }
  const { action, providerId } = parseActionPath(url.pathname, basePath)
  const query = toUniqueRecord(url.searchParams, "query")
  const body = method === "POST" ? await readBody(request) : undefined
  return {
    url,
    // One of AUTH_ROUTE_METHODS, checked above.
    method: method as AuthRequest["method"],
    action,
    providerId,
    headers: request.headers,
    cookies: parseCookieHeader(request.headers.get("cookie")),
    query,
    body,
    original: request,
  }
}

/** Splits `<basePath>/<action>[/<providerId>]`; extra and trailing slashes are tolerated. */
export function parseActionPath(
  pathname: string,
  basePath: string,
): { action: ServedAction; providerId: string | undefined } {
  const prefix = `${basePath}/`
  if (!pathname.startsWith(prefix)) {
    throw new UnknownAction(`The path ${pathname} is not under the base path ${basePath}.`)
  }
  const segments = pathname.slice(prefix.length).split("/").filter(Boolean)
  const [action, provider, ...rest] = segments
  if (!action || rest.length > 0 || !isServedAction(action)) {
    throw new UnknownAction(`No action is served at ${pathname}.`)
  }
  if (provider !== undefined && !ACTIONS_WITH_PROVIDER.has(action)) {
    throw new UnknownAction(`The ${action} action takes no provider; the path was ${pathname}.`)
  }
  let providerId: string | undefined
  if (provider !== undefined && provider !== "undefined") {
    try {
      providerId = decodeURIComponent(provider)
    } catch {
      throw new UnknownAction(`The provider segment of ${pathname} is not valid percent-encoding.`)
    }
  }
  return { action, providerId }
}

/**
 * Refuses, as an unknown action (`400`, as Auth.js answers it), an action the config does not
 * serve: `passkeys` without a passkey provider.
 *
 * @throws {UnknownAction} when the config does not serve `request`'s action
 */
export function assertActionServed(
  request: Pick<AuthRequest, "action" | "url">,
  providers: readonly { readonly type: string }[],
): void {
  if (request.action !== "passkeys") return
  if (providers.some((provider) => provider.type === "webauthn")) return
  throw new UnknownAction(
    `No action is served at ${request.url.pathname}: passkey management needs a passkey provider.`,
  )
}

/** Whether a path segment names a served action: Auth.js's, a management action, `health`. */
function isServedAction(action: string): action is ServedAction {
  return isAuthAction(action) || isManagementAction(action) || action === "health"
}

async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  if (!request.body) return undefined
  const declared = Number(request.headers.get("content-length") ?? "0")
  if (declared > MAX_BODY_BYTES) {
    await discardRest(request.body.getReader(), 0)
    throw new RequestRejected(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
  }
  const bytes = await readLimited(request)
  const header = request.headers.get("content-type")
  const text = new TextDecoder().decode(bytes)
  if (text.trim() === "") return undefined
  switch (parseMediaType(header)) {
    case "application/json":
      return parseJsonBody(text)
    case "application/x-www-form-urlencoded":
      return toUniqueRecord(new URLSearchParams(text), "body")
    case "multipart/form-data":
      // The original header: its `boundary` parameter is case-sensitive.
      return parseMultipartBody(bytes, header!)
    default:
      throw new RequestRejected(
        415,
        "Request bodies must be application/x-www-form-urlencoded, multipart/form-data or application/json.",
        { contentType: header },
      )
  }
}

/**
 * A JSON body: an object whose member names are unique at every depth (JSON.parse would keep
 * the last of two `csrfToken`s or `callbackUrl`s silently). The parser's own message is not
 * kept: it quotes the body, which may hold a password or a token.
 */
function parseJsonBody(text: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new RequestRejected(400, "The JSON request body is malformed.", {
      error: error instanceof Error ? error.name : typeof error,
    })
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new RequestRejected(400, "The JSON request body must be an object.")
  }
  const duplicate = findDuplicateJsonKey(text)
  if (duplicate !== undefined) {
    throw new RequestRejected(400, "A member of the JSON request body is given more than once.", {
      name: duplicate.slice(0, 64),
    })
  }
  return Object.assign(Object.create(null), parsed) as Record<string, unknown>
}

async function parseMultipartBody(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<Record<string, string>> {
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData()
  } catch (error) {
    throw new RequestRejected(400, "The multipart request body is malformed.", {
      error: error instanceof Error ? error.name : typeof error,
    })
  }
  const fields = new URLSearchParams()
  for (const [key, value] of form) if (typeof value === "string") fields.append(key, value)
  return toUniqueRecord(fields, "body")
}

async function readLimited(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const reader = request.body!.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await discardRest(reader, size)
      throw new RequestRejected(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return all
}

/**
 * Reads and drops the rest of a refused body, up to {@link MAX_DISCARDED_BYTES}, then cancels it;
 * the 413 goes out after, so no server closes the connection while the client is still sending
 * (h3 and Nitro do, when a response ends before its request). A body the client aborts just ends.
 */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  read: number,
): Promise<void> {
  try {
    let dropped = read
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      dropped += chunk.value.byteLength
      if (dropped > MAX_DISCARDED_BYTES) {
        await reader.cancel()
        return
      }
    }
  } catch {
    // The client or the server ended the body: there is nothing left to drop.
  }
}

/**
 * Flattens parameters into a record, refusing a repeated name: which of two `callbackUrl`s or
 * `csrfToken`s counts must never be a guess.
 */
function toUniqueRecord(params: URLSearchParams, where: "query" | "body"): Record<string, string> {
  const record: Record<string, string> = Object.create(null)
  for (const [key, value] of params) {
    if (key in record) {
      throw new RequestRejected(400, `The ${where} parameter "${key}" is given more than once.`)
    }
    record[key] = value
  }
  return record
}
