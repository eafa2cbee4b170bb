/** Pure checks of what the server sent: `unknown` in, typed values or `undefined` out. */
import type { Session } from "../types.js"
import type { ClientSafeProviders, SignInResult } from "./types.js"

/** `GET /session` answers `null` (or, from some servers, `{}`) when nobody is signed in. */
export function parseSession(body: unknown): Session | null {
  if (!isRecord(body) || Object.keys(body).length === 0) return null
  return body as unknown as Session
}

/** The provider map of `GET /providers`; `null` when the body is not one. */
export function parseProviders(body: unknown): ClientSafeProviders | null {
  if (!isRecord(body)) return null
  for (const provider of Object.values(body)) {
    if (!isRecord(provider) || typeof provider.id !== "string" || typeof provider.type !== "string")
      return null
  }
  return body as unknown as ClientSafeProviders
}

/** The token of `GET /csrf`; `""` when the body has none. */
export function parseCsrfToken(body: unknown): string {
  return isRecord(body) && typeof body.csrfToken === "string" ? body.csrfToken : ""
}

/** The `url` of a `{ url }` body (`X-Auth-Return-Redirect` answers). */
export function parseUrlBody(body: unknown): string | undefined {
  return isRecord(body) && typeof body.url === "string" ? body.url : undefined
}

/** The `error` of an `{ "error": … }` body (what the server's JSON endpoints answer on failure). */
export function parseErrorBody(body: unknown): string | undefined {
  return isRecord(body) && typeof body.error === "string" ? body.error : undefined
}

/**
 * The result of a sign-in POST: the `error` and `code` of the returned URL; a response without
 * a URL reports the `error` of its JSON body (`RateLimited` with a `429`), else `ClientFetchError`
 * (no answer, a `503` while the database is unreachable, an answer not from an Auth.js server).
 */
export function signInResultOf(response: {
  status: number
  ok: boolean
  url: string | undefined
  error?: string | undefined
}): SignInResult {
  const url = response.url === undefined ? undefined : parseUrl(response.url)
  if (url === undefined) {
    return {
      error: response.error ?? "ClientFetchError",
      code: undefined,
      status: response.status,
      ok: false,
      url: null,
    }
  }
  const error = url.searchParams.get("error") ?? undefined
  return {
    error,
    code: url.searchParams.get("code") ?? undefined,
    status: response.status,
    ok: response.ok && error === undefined,
    url: error === undefined ? (response.url ?? null) : null,
  }
}

/** Only the query matters here; the base resolves relative URLs (`pages.signIn`). */
const ANY_BASE = "http://localhost"

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url, ANY_BASE)
  } catch {
    return undefined
  }
}

/**
 * A string, or `null` for none (absent counts as none): the optional dates and strings of the
 * management lists; `undefined` when it is anything else (a malformed body).
 */
export function nullableStringOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null
  return typeof value === "string" ? value : undefined
}

/** A JSON object (not `null`, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
