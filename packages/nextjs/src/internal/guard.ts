import { prefersJson } from "@auth/core"
import type { ResolvedNextAuthConfig } from "./config.js"

/**
 * Whether a path is one the guard must never send to the sign-in page: the auth routes (the
 * sign-in flow runs through them) and the sign-in page itself. A matcher that covers them then
 * cannot loop (Auth.js's guard against that never took effect).
 */
export function isAuthRoute(pathname: string, config: ResolvedNextAuthConfig): boolean {
  const { basePath } = config
  if (pathname === basePath || pathname.startsWith(`${basePath}/`)) return true
  return pathname === pathOf(config.signInPath)
}

/**
 * The answer to a request the guard refuses: `401` with JSON `{ "error": "Unauthorized" }` for a
 * request that asks for JSON (core's `prefersJson`: `Accept` weighs `application/json` above
 * HTML, or `X-Requested-With: XMLHttpRequest`), else `303` to the sign-in page with
 * `callbackUrl` set to the path and query asked for (relative, so it is never another origin).
 *
 * @param url the request's URL on the app's origin
 */
export function refuse(url: URL, headers: Headers, config: ResolvedNextAuthConfig): Response {
  const vary = { Vary: "Accept, X-Requested-With" }
  if (prefersJson(headers)) {
    return Response.json({ error: "Unauthorized" }, { status: 401, headers: vary })
  }
  const signIn = new URL(config.signInPath, url.origin)
  signIn.searchParams.set("callbackUrl", `${url.pathname}${url.search}`)
  return new Response(null, { status: 303, headers: { ...vary, Location: signIn.href } })
}

function pathOf(path: string): string {
  return new URL(path, "http://path.invalid").pathname
}
