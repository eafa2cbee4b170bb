import type { Cookie } from "../../types/cookies.js"
import type { ResponseInternal } from "../../types.js"

/** What an action returns: the internal response, before it becomes a web `Response`. */
export type ActionResult = ResponseInternal

/** Headers that keep a response out of every cache. */
export const NO_STORE_HEADERS = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const

/** A 302 to `url`, with cookies. */
export function redirectTo(url: string, cookies: Cookie[] = []): ActionResult {
  return { redirect: url, cookies }
}

/** A JSON response. */
export function json(
  body: ResponseInternal["body"],
  options: { status?: number; cookies?: Cookie[]; headers?: Record<string, string> } = {},
): ActionResult {
  return {
    status: options.status ?? 200,
    headers: { "Content-Type": "application/json", ...options.headers },
    body,
    cookies: options.cookies ?? [],
  }
}

/** An HTML page. */
export function html(body: string, status = 200, cookies: Cookie[] = []): ActionResult {
  return { status, headers: { "Content-Type": "text/html" }, body, cookies }
}
