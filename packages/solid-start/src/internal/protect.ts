import { prefersJson } from "@auth/core"
import type { Session } from "@auth/core/types"
import type { PreparedConfig } from "./config.js"
import type { SolidRequestEvent } from "./event.js"
import { badRequest } from "./handler.js"
import { requestUrlOf } from "./request-url.js"
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
 * The session of the request, or the `Response` that refuses it, for a guard to throw or return:
 * `401` JSON `{ "error": "Unauthorized" }` when the request asks for JSON (`Accept` prefers it,
 * or `X-Requested-With: XMLHttpRequest`), else `303` to the sign-in page with `callbackUrl`; `400`
 * for a `Host` no URL can have.
 */
export async function guard(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  options: RequireSessionOptions = {},
): Promise<Session | Response> {
  const url = requestUrlOf(event, prepared.config.url)
  if (!url) return badRequest()
  const session = await readEventSession(event, prepared)
  if (session) return session
  const vary = { Vary: "Accept, X-Requested-With" }
  if (prefersJson(event.request.headers) && !isServerFunctionCall(event.request)) {
    return Response.json({ error: "Unauthorized" }, { status: 401, headers: vary })
  }
  const callbackUrl = options.callbackUrl ?? returnPath(event.request, url)
  const location = signInUrl(url.origin, prepared, callbackUrl)
  // Absolute, so Solid Router's client loads the built-in page instead of routing to it.
  return new Response(null, { status: 303, headers: { ...vary, Location: location.href } })
}

/** `<origin><sign-in page>?callbackUrl=…`: `pages.signIn`, else `<basePath>/signin`. */
export function signInUrl(origin: string, prepared: PreparedConfig, callbackUrl: string): URL {
  const page = prepared.config.pages?.signIn ?? `${prepared.basePath}/signin`
  const url = new URL(page, origin)
  url.searchParams.set("callbackUrl", callbackUrl)
  return url
}

/** Whether a request calls a server function (SolidStart sends `X-Server-Id` with each call). */
function isServerFunctionCall(request: Request): boolean {
  return request.headers.has("x-server-id")
}

/**
 * The page to come back to: the request's own path, unless it is a server function call, whose
 * page is the `Referer` (same origin only).
 */
function returnPath(request: Request, url: URL): string {
  if (!isServerFunctionCall(request)) return `${url.pathname}${url.search}`
  const referer = request.headers.get("referer")
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer)
    if (from.origin === url.origin) return `${from.pathname}${from.search}`
  }
  return "/"
}
