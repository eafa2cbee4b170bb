import { MissingSecret } from "../../errors.js"
import type { GetTokenParams, JWT } from "../../types/jwt.js"
import { readChunkedCookie } from "../cookies/chunks.js"
import { sessionCookieName } from "../cookies/defaults.js"
import { parseCookieHeader } from "../cookies/parse.js"
import { decode } from "./token.js"

/**
 * Reads the session token of a request: from the session cookie (reassembled from chunks), else
 * from an `Authorization: Bearer <token>` header, and decrypts it.
 *
 * @returns The claims (or, with `raw: true`, the token string); `null` when the request carries
 *   no token or the token does not decode. (With `raw: true` it also returns `null` when there is
 *   no token, whatever the return type says; the type is Auth.js's.)
 * @throws {MissingSecret} When a token must be decrypted and no `secret` is given.
 * @throws {TypeError} When `req` is missing.
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-2.1 Bearer tokens in the Authorization header
 * @example
 * const token = await getToken({ req: request, secret: env.AUTH_SECRET, secureCookie: true })
 */
export async function getToken<R extends boolean = false>(
  params: GetTokenParams<R>,
): Promise<R extends true ? string : JWT | null>
export async function getToken(params: GetTokenParams<boolean>): Promise<string | JWT | null> {
  const {
    req,
    secureCookie = false,
    cookieName = sessionCookieName(secureCookie),
    salt = cookieName,
    secret,
    raw = false,
    decode: decodeToken = decode,
    allowA256GCM = false,
    logger,
  } = params
  if (!req) throw new TypeError("Must pass `req` to JWT getToken().")

  const token = readRequestToken(req.headers, cookieName)
  if (!token) return null
  if (raw) return token

  if (secret === undefined || secret === "" || (Array.isArray(secret) && secret.length === 0)) {
    throw new MissingSecret(
      "getToken() has no secret to decrypt the session token: pass `secret` (your AUTH_SECRET).",
    )
  }
  try {
    return await decodeToken({ token, secret, salt, allowA256GCM })
  } catch (error) {
    // The error's name and code only: a claims error carries the decrypted claims.
    logger?.debug("getToken: the session token could not be decoded", describeDecodeError(error))
    return null
  }
}

/** What went wrong decoding a token, without the token or its claims. */
function describeDecodeError(error: unknown): { name: string; code?: unknown } {
  if (!(error instanceof Error)) return { name: typeof error }
  const { code } = error as { code?: unknown }
  return code === undefined ? { name: error.name } : { name: error.name, code }
}

/** The token from the session cookie, else from a Bearer `Authorization` header. */
function readRequestToken(headers: unknown, cookieName: string): string | null {
  const cookies = parseCookieHeader(readHeader(headers, "cookie"))
  const fromCookie = readChunkedCookie(cookies, cookieName).value
  if (fromCookie) return fromCookie

  const [scheme, credentials] = (readHeader(headers, "authorization") ?? "").split(" ")
  if (scheme !== "Bearer" || !credentials) return null
  try {
    return decodeURIComponent(credentials)
  } catch {
    return null
  }
}

/** Reads a header from `Headers` or from a plain object such as Node's `IncomingHttpHeaders`. */
function readHeader(headers: unknown, name: string): string | null {
  if (typeof headers !== "object" || headers === null) return null
  if (headers instanceof Headers) return headers.get(name)
  if ("get" in headers && typeof headers.get === "function") {
    const value: unknown = headers.get(name)
    return typeof value === "string" ? value : null
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue
    if (typeof value === "string") return value
    // Node folds repeated Cookie headers into one joined by "; " (RFC 6265 section 5.4).
    if (Array.isArray(value)) return value.filter((part) => typeof part === "string").join("; ")
    return null
  }
  return null
}
