import type { CookieSerializeOptions } from "../../types/cookies.js"

/** RFC 6265 section 4.1.1: a cookie name is an RFC 7230 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/** RFC 1034 labels separated by dots, with the leading dot older user agents send. */
const DOMAIN =
  /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i

/** RFC 6265 section 4.1.1 `path-value`: any printable ASCII character except `;`. */
const PATH = /^[\x20-\x3A\x3C-\x7E]*$/

const PRIORITY = { low: "Low", medium: "Medium", high: "High" } as const

const SAME_SITE = { strict: "Strict", lax: "Lax", none: "None" } as const

/**
 * Serializes one cookie into a `Set-Cookie` header value, with the attributes in the order
 * Auth.js emits them: `Max-Age`, `Domain`, `Path`, `Expires`, `HttpOnly`, `Secure`,
 * `Partitioned`, `Priority`, `SameSite`.
 *
 * The value is percent-encoded with `encodeURIComponent`, so it can never carry a `;` or a line
 * break; the name, domain and path are validated instead, so no option can inject an attribute
 * or a header.
 *
 * @throws {TypeError} When the name is not a token, or an option is not a valid attribute value.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1 The Set-Cookie header
 * @example
 * serializeCookie("authjs.csrf-token", "a|b", { path: "/", httpOnly: true, sameSite: "lax" })
 * // "authjs.csrf-token=a%7Cb; Path=/; HttpOnly; SameSite=Lax"
 */
export function serializeCookie(
  name: string,
  value: string,
  options: CookieSerializeOptions,
): string {
  if (!TOKEN.test(name)) {
    throw new TypeError(
      `Cookie name ${JSON.stringify(name)} is invalid: use only RFC 6265 token characters.`,
    )
  }
  const attributes = [`${name}=${encodeValue(name, value)}`]

  if (options.maxAge !== undefined) {
    if (!Number.isInteger(options.maxAge)) {
      throw new TypeError(`Cookie "${name}" has an invalid maxAge: pass a whole number of seconds.`)
    }
    attributes.push(`Max-Age=${options.maxAge}`)
  }
  if (options.domain) {
    if (!DOMAIN.test(options.domain)) {
      throw new TypeError(
        `Cookie "${name}" has an invalid domain: pass a host name such as "example.com".`,
      )
    }
    attributes.push(`Domain=${options.domain}`)
  }
  if (options.path) {
    if (!PATH.test(options.path)) {
      throw new TypeError(`Cookie "${name}" has an invalid path: use printable ASCII without ";".`)
    }
    attributes.push(`Path=${options.path}`)
  }
  if (options.expires) {
    if (!(options.expires instanceof Date) || !Number.isFinite(options.expires.getTime())) {
      throw new TypeError(`Cookie "${name}" has an invalid expires: pass a valid Date.`)
    }
    attributes.push(`Expires=${options.expires.toUTCString()}`)
  }
  if (options.httpOnly) attributes.push("HttpOnly")
  if (options.secure) attributes.push("Secure")
  if (options.partitioned) attributes.push("Partitioned")
  if (options.priority) attributes.push(`Priority=${formatPriority(name, options.priority)}`)
  if (options.sameSite) attributes.push(`SameSite=${formatSameSite(name, options.sameSite)}`)

  return attributes.join("; ")
}

function encodeValue(name: string, value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    // encodeURIComponent throws a URIError on a lone surrogate.
    throw new TypeError(`Cookie "${name}" has a value that is not well-formed Unicode.`)
  }
}

function formatPriority(name: string, priority: unknown): string {
  const key = typeof priority === "string" ? priority.toLowerCase() : ""
  if (Object.hasOwn(PRIORITY, key)) return PRIORITY[key as keyof typeof PRIORITY]
  throw new TypeError(`Cookie "${name}" has an invalid priority: pass "low", "medium" or "high".`)
}

function formatSameSite(name: string, sameSite: unknown): string {
  // `true` means Strict, as in the `cookie` package Auth.js uses.
  const key =
    sameSite === true ? "strict" : typeof sameSite === "string" ? sameSite.toLowerCase() : ""
  if (Object.hasOwn(SAME_SITE, key)) return SAME_SITE[key as keyof typeof SAME_SITE]
  throw new TypeError(`Cookie "${name}" has an invalid sameSite: pass "lax", "strict" or "none".`)
}
