import { applySetCookies } from "@auth/core/cookie"

/**
 * Makes the requests a middleware lets through (`NextResponse.next()`, a rewrite) carry
 * `cookie` downstream, so Server Components, route handlers and server actions rendered for
 * the same request read the session the middleware just refreshed (next-auth issues #7558,
 * #11034: they read the old cookie and refreshed the token a second time).
 *
 * This is what `NextResponse.next({ request: { headers } })` does: the response lists the
 * request headers to override in `x-middleware-override-headers` and carries each as
 * `x-middleware-request-<name>`. Headers the app's middleware already overrides are kept.
 */
export function forwardRequestCookies(
  response: Response,
  requestHeaders: Headers,
  setCookie: readonly string[],
): void {
  if (setCookie.length === 0 || !continuesToApp(response)) return
  const listed = response.headers.get("x-middleware-override-headers")
  if (listed !== null) {
    const names = listed.split(",").map((name) => name.trim().toLowerCase())
    const current = names.includes("cookie")
      ? response.headers.get("x-middleware-request-cookie")
      : requestHeaders.get("cookie")
    if (!names.includes("cookie")) names.push("cookie")
    response.headers.set("x-middleware-override-headers", names.join(","))
    response.headers.set("x-middleware-request-cookie", applySetCookies(current, setCookie))
    return
  }
  const names: string[] = []
  for (const [name, value] of requestHeaders) {
    if (name === "cookie") continue
    response.headers.set(`x-middleware-request-${name}`, value)
    names.push(name)
  }
  names.push("cookie")
  response.headers.set(
    "x-middleware-request-cookie",
    applySetCookies(requestHeaders.get("cookie"), setCookie),
  )
  response.headers.set("x-middleware-override-headers", names.join(","))
}

/** Whether a middleware response lets the request go on to the app (next or rewrite). */
function continuesToApp(response: Response): boolean {
  return response.headers.has("x-middleware-next") || response.headers.has("x-middleware-rewrite")
}
