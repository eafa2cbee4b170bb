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

/**
 * The `Cookie` header of a request that Server Components and server actions render, as core
 * reads it: the header the client sent, replayed with the cookies this request changed (a server
 * action's `cookies().set()` / `.delete()`, a middleware's override).
 *
 * Not `cookies()` itself: Next.js keeps one value per name there, the last one the header
 * gave, while core (the auth routes, the middleware) takes the first. With two session cookies
 * (one tossed in by a sibling subdomain or an http:// page) the two would read different
 * sessions. `cookies()` is read only for what it knows beyond the header: a name whose value
 * differs from the header's last one, or is gone, was set or deleted during this request.
 *
 * @param header the request's `Cookie` header (`headers().get("cookie")`)
 * @param jar every cookie `cookies().getAll()` gives
 */
export function renderedCookieHeader(
  header: string | null,
  jar: ReadonlyArray<{ readonly name: string; readonly value: string }>,
): string {
  const sent = lastValues(header)
  const current = new Map(jar.map(({ name, value }) => [name, value]))
  const changes: string[] = []
  for (const [name, value] of current) {
    if (sent.get(name) === value) continue
    changes.push(value === "" ? `${name}=; Max-Age=0` : `${name}=${encodeURIComponent(value)}`)
  }
  for (const name of sent.keys()) {
    if (!current.has(name)) changes.push(`${name}=; Max-Age=0`)
  }
  return applySetCookies(header, changes)
}

/**
 * The value of each cookie of a `Cookie` header as Next.js's `cookies()` has it before anything
 * is set: split at `;` and spaces, percent-decoded (a pair that does not decode is skipped), the
 * last pair of a name winning, a pair without `=` read as `"true"`.
 */
function lastValues(header: string | null): Map<string, string> {
  const values = new Map<string, string>()
  for (const pair of (header ?? "").split(/; */)) {
    if (pair === "") continue
    const equals = pair.indexOf("=")
    if (equals === -1) {
      values.set(pair, "true")
      continue
    }
    try {
      values.set(pair.slice(0, equals), decodeURIComponent(pair.slice(equals + 1)))
    } catch {
      // As Next.js: the pair is left out.
    }
  }
  return values
}
