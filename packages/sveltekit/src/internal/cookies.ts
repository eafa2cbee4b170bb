import { parseSetCookie as parseSetCookieHeader } from "@auth/core/cookie"
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
 * Reads a `Set-Cookie` value that core serialized (`name=value; Max-Age=…; Path=/; …`) as
 * SvelteKit's `cookies.set` takes it. Every flag is spelled out, because SvelteKit's defaults
 * (`httpOnly` and `secure` on) would otherwise change what core chose. `undefined` for a value
 * that is not `name=value`.
 */
export function parseSetCookie(header: string): ParsedSetCookie | undefined {
  const cookie = parseSetCookieHeader(header)
  if (!cookie) return undefined
  const options: CookieOptions = {
    path: cookie.path ?? "/",
    httpOnly: cookie.httpOnly,
    secure: cookie.secure,
  }
  if (cookie.domain !== undefined) options.domain = cookie.domain
  if (cookie.maxAge !== undefined) options.maxAge = cookie.maxAge
  if (cookie.expires !== undefined) options.expires = cookie.expires
  if (cookie.partitioned) options.partitioned = true
  if (cookie.sameSite !== undefined) options.sameSite = cookie.sameSite
  if (cookie.priority !== undefined) options.priority = cookie.priority
  return { name: cookie.name, value: decodeValue(cookie.value), options }
}

function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * Sets core's cookies (`Set-Cookie` values, as core serialized them) through SvelteKit's
 * `cookies`, so they reach whichever response SvelteKit makes. Setting fails once the response
 * has been sent (a streamed `load`): then the cookies are left unset, as the request is over
 * for them.
 */
export function setCookies(cookies: Cookies, setCookie: readonly string[]): void {
  for (const header of setCookie) {
    const cookie = parseSetCookie(header)
    if (!cookie) continue
    try {
      cookies.set(cookie.name, cookie.value, cookie.options)
    } catch {
      return
    }
  }
}
