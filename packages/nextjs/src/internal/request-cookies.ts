/** A cookie as a `Set-Cookie` header sets it: its name, its value, and whether it is deleted. */
interface CookieChange {
  readonly name: string
  readonly value: string
  readonly deleted: boolean
}

/**
 * Parses a `Set-Cookie` value enough to replay it on a request: name, raw value, and whether
 * `Max-Age` ≤ 0 or a past `Expires` deletes it. `undefined` for a value without a name.
 */
export function parseSetCookie(header: string, now = Date.now()): CookieChange | undefined {
  const [pair = "", ...attributes] = header.split(";")
  const equals = pair.indexOf("=")
  if (equals <= 0) return undefined
  const name = pair.slice(0, equals).trim()
  const value = pair.slice(equals + 1).trim()
  let deleted = false
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=")
    const attributeValue = rest.join("=").trim()
    const lower = key.trim().toLowerCase()
    if (lower === "max-age") deleted = Number(attributeValue) <= 0
    else if (lower === "expires" && !attributes.some(isMaxAge)) {
      const time = Date.parse(attributeValue)
      deleted = !Number.isNaN(time) && time <= now
    }
  }
  return { name, value, deleted }
}

function isMaxAge(attribute: string): boolean {
  return attribute.trim().toLowerCase().startsWith("max-age")
}

/**
 * The `Cookie` header a request would carry after a response's `Set-Cookie` headers: each
 * cookie set is replaced (or added), each deleted one removed, the others kept byte for byte.
 */
export function applySetCookies(cookieHeader: string | null, setCookie: readonly string[]): string {
  const pairs = (cookieHeader ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "")
  const changes = setCookie
    .map((header) => parseSetCookie(header))
    .filter((change): change is CookieChange => change !== undefined)
  const changed = new Set(changes.map((change) => change.name))
  const kept = pairs.filter((pair) => !changed.has(nameOf(pair)))
  const added = changes.filter((change) => !change.deleted).map((c) => `${c.name}=${c.value}`)
  return [...kept, ...added].join("; ")
}

function nameOf(pair: string): string {
  const equals = pair.indexOf("=")
  return (equals === -1 ? pair : pair.slice(0, equals)).trim()
}

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
