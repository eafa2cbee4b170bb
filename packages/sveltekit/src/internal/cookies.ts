import type { Cookies } from "@sveltejs/kit"

/** The options of `cookies.set` this package uses, on SvelteKit 2 and 3 alike. */
export type CookieOptions = NonNullable<Parameters<Cookies["set"]>[2]> & { path: string }

/** One `Set-Cookie` header as `cookies.set` takes it. */
export interface ParsedSetCookie {
  readonly name: string
  /** The value, percent-decoded: `cookies.set` encodes it again, as core did. */
  readonly value: string
  readonly options: CookieOptions
}

/**
 * Parses a `Set-Cookie` value that core serialized (`name=value; Max-Age=…; Path=/; …`) into
 * what SvelteKit's `cookies.set` takes. Every flag is spelled out, because SvelteKit's defaults
 * (`httpOnly` and `secure` on) would otherwise change what core chose. `undefined` for a value
 * that is not `name=value`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
 */
export function parseSetCookie(header: string): ParsedSetCookie | undefined {
  const [pair = "", ...attributes] = header.split(";")
  const separator = pair.indexOf("=")
  if (separator <= 0) return undefined
  const options: CookieOptions = { path: "/", httpOnly: false, secure: false }
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=")
    applyAttribute(options, key.trim().toLowerCase(), rest.join("=").trim())
  }
  return {
    name: pair.slice(0, separator).trim(),
    value: decodeValue(pair.slice(separator + 1).trim()),
    options,
  }
}

function applyAttribute(options: CookieOptions, key: string, value: string): void {
  switch (key) {
    case "path":
      options.path = value
      break
    case "domain":
      options.domain = value
      break
    case "max-age":
      options.maxAge = Number(value)
      break
    case "expires":
      options.expires = new Date(value)
      break
    case "httponly":
      options.httpOnly = true
      break
    case "secure":
      options.secure = true
      break
    case "partitioned":
      options.partitioned = true
      break
    case "samesite":
      options.sameSite = value.toLowerCase() as CookieOptions["sameSite"]
      break
    case "priority":
      options.priority = value.toLowerCase() as CookieOptions["priority"]
      break
    default:
      break
  }
}

function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * The events whose auth cookies changed during the request (a form action signed in or out),
 * so their session is read from `cookies`, not from the request's `Cookie` header.
 */
const changed = new WeakSet<Cookies>()

/**
 * Sets core's cookies through SvelteKit's `cookies`, so they reach the response (whichever
 * response SvelteKit makes) and `cookies.get` sees them for the rest of the request.
 * Setting fails once the response has been sent (a streamed `load`): then the cookies are
 * left unset, as the request is over for them.
 */
export function applySetCookies(cookies: Cookies, headers: readonly string[]): void {
  for (const header of headers) {
    const cookie = parseSetCookie(header)
    if (!cookie) continue
    try {
      cookies.set(cookie.name, cookie.value, cookie.options)
    } catch {
      return
    }
    changed.add(cookies)
  }
}

/** Whether this request's auth cookies changed (a form action of this package set some). */
export function cookiesChanged(cookies: Cookies): boolean {
  return changed.has(cookies)
}

/** The `Cookie` header as the cookies are now: the request's, with those set since applied. */
export function currentCookieHeader(cookies: Cookies): string | null {
  const pairs = cookies
    .getAll()
    .filter(({ value }) => value !== "")
    .map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)
  return pairs.length > 0 ? pairs.join("; ") : null
}
