import {
  getSession,
  type PreparedConfig,
  type SessionResult,
  sessionAsJson,
  sessionCacheHeaders,
  setCookieHeaders,
} from "@auth/core/server"
import type { ResponseHeadersLike, SolidRequestEvent } from "./event.js"
import { appRequestOf } from "./request-url.js"

/** The session reads of the requests being handled, one per event until its cookies change. */
const reads = new WeakMap<object, Promise<SessionResult>>()

/**
 * Core's session read of a request event, made once per event and cached, its session as
 * `GET <basePath>/session` sends it (JSON: dates as strings). The cookies it re-issues (the
 * sliding expiry) go on the event's response.
 */
export function readEventSession(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
): Promise<SessionResult> {
  let read = reads.get(event)
  if (!read) {
    read = readSession(event, prepared)
    reads.set(event, read)
  }
  return read
}

/** Forgets the cached session of an event, after its auth cookies changed. */
export function forgetSession(event: SolidRequestEvent): void {
  reads.delete(event)
}

/**
 * Reads the session of a request with core's `getSession`: fails closed, `null` for a `Host` no
 * URL can have (no cookie can belong to it) as for a config mistake, a throwing callback (core
 * logs them) or a missing, expired or tampered cookie.
 *
 * @param event the request, and where the re-issued cookies go (when it has a response)
 */
export async function readSession(
  event: Pick<SolidRequestEvent, "request" | "nativeEvent" | "response">,
  prepared: PreparedConfig,
): Promise<SessionResult> {
  const request = appRequestOf(event, prepared)
  if (!request) return { session: null, cookies: [] }
  const read = await getSession(request, prepared.config)
  try {
    const headers = event.response?.headers
    if (headers) appendSessionCookies(headers, setCookieHeaders(read.cookies))
  } catch (error) {
    // A cookie option no header can carry: a config mistake, logged like core logs its own.
    const failure = error instanceof Error ? error : new Error(String(error))
    if (prepared.config.logger?.error) prepared.config.logger.error(failure)
    else console.error("[auth][error]", failure)
    return { session: null, cookies: [], failure: "config" }
  }
  // As `GET /session` sends it, and as Auth.js's `getSession` returned it: parsed JSON.
  return { ...read, session: sessionAsJson(read.session) }
}

/**
 * Adds session cookies (`Set-Cookie` values) to the response being built, and keeps that
 * response, which the app builds, out of shared caches (core's `sessionCacheHeaders`). Page code
 * that sets `Cache-Control` afterwards on the same response replaces it.
 */
export function appendSessionCookies(
  headers: ResponseHeadersLike,
  setCookie: readonly string[],
): void {
  if (setCookie.length === 0) return
  for (const value of setCookie) headers.append("Set-Cookie", value)
  for (const [name, value] of sessionCacheHeaders(headers)) headers.set(name, value)
}
