import { checkSession } from "@auth/core/session"
import type { Session } from "@auth/core/types"
import type { PreparedConfig } from "./config.js"
import type { SolidRequestEvent } from "./event.js"
import { requestUrlOf } from "./request-url.js"

/** The session reads of the requests being handled, one per event until its cookies change. */
const reads = new WeakMap<object, Promise<Session | null>>()

/**
 * The session of a request event, read once per event and cached: as `GET <basePath>/session`
 * would answer it (JSON: dates as strings), or `null`. The cookies the read re-issues (the
 * sliding expiry) go on the event's response.
 */
export function readEventSession(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
): Promise<Session | null> {
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
 * Reads the session of a request from its cookies. Fails closed: `null` for a `Host` no URL can
 * have (no cookie can belong to it), a config mistake or a throwing callback (core logs them), a
 * missing, expired or tampered cookie.
 *
 * @param event the request, and where the re-issued cookies go (when it has a response)
 */
export async function readSession(
  event: Pick<SolidRequestEvent, "request" | "nativeEvent" | "response">,
  { config, basePath }: PreparedConfig,
): Promise<Session | null> {
  const url = requestUrlOf(event, config.url)
  if (!url) return null
  const cookie = event.request.headers.get("cookie")
  // Core reads only the URL (its scheme picks the cookie names) and the cookies.
  const request = new Request(`${url.origin}${basePath}/session`, {
    headers: cookie ? { cookie } : {},
  })
  let check: Awaited<ReturnType<typeof checkSession>>
  try {
    check = await checkSession(request, config)
  } catch (error) {
    // A cookie option core cannot write: a config mistake, logged like core logs its own.
    logError(config.logger?.error, error)
    return null
  }
  for (const value of check.setCookie) event.response?.headers.append("Set-Cookie", value)
  if (!check.session) return null
  // As `GET /session` sends it, and as Auth.js's `getSession` returned it: parsed JSON.
  const json: unknown = JSON.parse(JSON.stringify(check.session))
  return isNonEmptyObject(json) ? (json as Session) : null
}

function logError(log: ((error: Error) => void) | undefined, error: unknown): void {
  const failure = error instanceof Error ? error : new Error(String(error))
  if (log) log(failure)
  else console.error("[auth][error]", failure)
}

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length > 0
}
