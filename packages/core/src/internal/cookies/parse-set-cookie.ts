/** One `Set-Cookie` header value, parsed: what a user agent would store, before it stores it. */
export interface ParsedSetCookie {
  /** The cookie's name, trimmed; never empty. */
  name: string
  /** The value as sent (trimmed, not percent-decoded, quotes kept): replay it byte for byte. */
  value: string
  /** `Path`, when it starts with `/` (otherwise the user agent uses the default path). */
  path?: string
  /** `Domain` as sent, when not empty (user agents ignore a leading dot). */
  domain?: string
  /** `Max-Age` in seconds, when it is an integer; zero or less deletes the cookie. */
  maxAge?: number
  /** `Expires`, when it is a date; a date in the past deletes the cookie, unless `maxAge` is set. */
  expires?: Date
  httpOnly: boolean
  secure: boolean
  partitioned: boolean
  /** `SameSite`, when it is one of the three values (otherwise the user agent's default). */
  sameSite?: "strict" | "lax" | "none"
  /** `Priority` (Chrome's extension), when it is one of the three values. */
  priority?: "low" | "medium" | "high"
}

const SAME_SITE = /^(?:strict|lax|none)$/

const PRIORITY = /^(?:low|medium|high)$/

/** RFC 6265 section 5.2.2: `Max-Age` is an optional `-` and digits, anything else is ignored. */
const DELTA_SECONDS = /^-?\d+$/

/**
 * Parses one `Set-Cookie` header value (as `Headers#getSetCookie()` returns them) the way a user
 * agent does: the name and value split at the first `=`, attribute names case-insensitive, the
 * last valid occurrence of an attribute winning, an invalid `Max-Age` or `Expires` ignored.
 * `Expires` is read with `Date.parse`, which reads every date an HTTP server writes.
 *
 * Returns `null` for a value the user agent would ignore: no `=` before the first `;`, or an
 * empty name. Never throws; works in time linear in the header's length.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2 The Set-Cookie header
 * @example
 * parseSetCookie("authjs.csrf-token=a%7Cb; Path=/; HttpOnly; SameSite=Lax")
 * // { name: "authjs.csrf-token", value: "a%7Cb", path: "/", httpOnly: true, secure: false,
 * //   partitioned: false, sameSite: "lax" }
 */
export function parseSetCookie(header: string): ParsedSetCookie | null {
  const [pair = "", ...attributes] = header.split(";")
  const separator = pair.indexOf("=")
  const name = pair.slice(0, separator).trim()
  if (separator === -1 || name === "") return null
  const cookie: ParsedSetCookie = {
    name,
    value: pair.slice(separator + 1).trim(),
    httpOnly: false,
    secure: false,
    partitioned: false,
  }
  for (const attribute of attributes) applyAttribute(cookie, attribute)
  return cookie
}

/**
 * Whether a `Set-Cookie` deletes its cookie: `Max-Age` zero or less, or, without a `Max-Age`
 * (which wins), an `Expires` that is not after `now`.
 *
 * @param now the current time, in milliseconds since the epoch
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.3 Storage model, step 3
 * @example
 * isCookieDeletion(parseSetCookie("authjs.session-token=; Max-Age=0; Path=/")!) // true
 */
export function isCookieDeletion(cookie: ParsedSetCookie, now: number = Date.now()): boolean {
  if (cookie.maxAge !== undefined) return cookie.maxAge <= 0
  return cookie.expires !== undefined && cookie.expires.getTime() <= now
}

function applyAttribute(cookie: ParsedSetCookie, attribute: string): void {
  const separator = attribute.indexOf("=")
  const key = (separator === -1 ? attribute : attribute.slice(0, separator)).trim().toLowerCase()
  const value = separator === -1 ? "" : attribute.slice(separator + 1).trim()
  switch (key) {
    case "expires": {
      const time = Date.parse(value)
      if (Number.isFinite(time)) cookie.expires = new Date(time)
      break
    }
    case "max-age":
      if (DELTA_SECONDS.test(value)) cookie.maxAge = toSeconds(value)
      break
    case "domain":
      // RFC 6265 section 5.2.3: an empty Domain is ignored.
      if (value !== "") cookie.domain = value
      break
    case "path":
      // RFC 6265 section 5.2.4: any other Path means the default path, which only the user
      // agent knows (it depends on the request's URL).
      if (value.startsWith("/")) cookie.path = value
      else delete cookie.path
      break
    case "secure":
      cookie.secure = true
      break
    case "httponly":
      cookie.httpOnly = true
      break
    case "partitioned":
      cookie.partitioned = true
      break
    case "samesite": {
      // RFC 6265bis section 5.6.7: any other value means the user agent's default.
      const sameSite = value.toLowerCase()
      if (SAME_SITE.test(sameSite)) cookie.sameSite = sameSite as ParsedSetCookie["sameSite"]
      else delete cookie.sameSite
      break
    }
    case "priority": {
      const priority = value.toLowerCase()
      if (PRIORITY.test(priority)) cookie.priority = priority as ParsedSetCookie["priority"]
      break
    }
    default:
      break
  }
}

/** Digits beyond what a number holds exactly read as the largest (or smallest) safe integer. */
function toSeconds(digits: string): number {
  const seconds = Math.min(
    Number.MAX_SAFE_INTEGER,
    Math.max(Number.MIN_SAFE_INTEGER, Number(digits)),
  )
  // `|| 0`: `-0` is zero.
  return seconds || 0
}
