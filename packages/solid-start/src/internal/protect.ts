import { guard, invalidHostResponse, type PreparedConfig } from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { SolidRequestEvent } from "./event.js"
import { requestURLOf } from "./request-url.js"
import { readEventSession } from "./session.js"

/** Options of `requireSession`. */
export interface RequireSessionOptions {
  /**
   * Where signing in returns to: a path of this app (`/dashboard?tab=2`). Pass the page's path
   * from a `query` that client-side navigation calls (`useLocation()`), since the request is then
   * the server function's, not the page's.
   * @default the request's path and query; for a server function call, the `Referer`'s when it is
   *   on this origin, else `/`
   */
  callbackUrl?: string
}

/**
 * The session of the request, or the `Response` that refuses it, from core's `guard`: `401` JSON
 * when the request asks for JSON, else `303` to the sign-in page with `callbackUrl`; `400` for a
 * `Host` no URL can have. A server function call (SolidStart sends `X-Server-Id`) stands for its
 * page: it gets the redirect, back to its `Referer`.
 */
export async function protect(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  options: RequireSessionOptions = {},
): Promise<Session | Response> {
  const url = requestURLOf(event, prepared)
  if (!url) return invalidHostResponse()
  const read = await readEventSession(event, prepared)
  if (read.session) return read.session
  const headers = new Headers(event.request.headers)
  const serverFunction = headers.has("x-server-id")
  if (serverFunction) {
    // What the page loading the data would send: Solid Router follows a redirect, not a 401.
    headers.delete("accept")
    headers.delete("x-requested-with")
  }
  const callbackUrl =
    options.callbackUrl ?? (serverFunction ? refererPath(headers, url) : undefined)
  // The database unreachable: the guard's to read again and answer (503).
  const session = read.failure === "unavailable" ? undefined : null
  const result = await guard(new Request(url, { headers }), prepared, { callbackUrl, session })
  return result.session ? result.session : result.response
}

/** The path and query of the `Referer` when it is a page of this origin, else `/`. */
function refererPath(headers: Headers, url: URL): string {
  const referer = headers.get("referer")
  const from = referer && URL.canParse(referer) ? new URL(referer) : undefined
  return from?.origin === url.origin ? `${from.pathname}${from.search}` : "/"
}
