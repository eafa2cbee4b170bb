/**
 * A minimal cookie jar for tests and scripts: it stores cookies by name from `Set-Cookie` headers
 * and renders them back as one `Cookie` header. Domain and path are recorded but not matched, so
 * one jar can carry a browser's cookies across the steps of a flow on `127.0.0.1`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2 The Set-Cookie header
 */

/** One `Set-Cookie` header, parsed. Attribute names are lowercased. */
export interface ParsedSetCookie {
  name: string
  value: string
  /** `Max-Age` in seconds, when present and numeric. */
  maxAge?: number
  expires?: Date
  path?: string
  domain?: string
  sameSite?: string
  httpOnly: boolean
  secure: boolean
  partitioned: boolean
}

/** Options of a {@link CookieJar}. */
export interface CookieJarOptions {
  /**
   * The clock, in milliseconds since the epoch, used to expire cookies.
   * @default Date.now
   */
  now?: () => number
}

/**
 * Parses one `Set-Cookie` header value.
 *
 * @example
 * parseSetCookie("a=1; Path=/; HttpOnly") // { name: "a", value: "1", path: "/", httpOnly: true, ... }
 */
export function parseSetCookie(header: string): ParsedSetCookie {
  const [pair = "", ...attributes] = header.split(";")
  const separator = pair.indexOf("=")
  const name = (separator === -1 ? "" : pair.slice(0, separator)).trim()
  const value = (separator === -1 ? pair : pair.slice(separator + 1)).trim()
  const cookie: ParsedSetCookie = {
    name,
    value,
    httpOnly: false,
    secure: false,
    partitioned: false,
  }
  for (const attribute of attributes) {
    const index = attribute.indexOf("=")
    const key = (index === -1 ? attribute : attribute.slice(0, index)).trim().toLowerCase()
    const attributeValue = index === -1 ? "" : attribute.slice(index + 1).trim()
    switch (key) {
      case "max-age": {
        // RFC 6265 5.2.2: a Max-Age that is not an integer is ignored.
        if (/^-?\d+$/.test(attributeValue)) cookie.maxAge = Number(attributeValue)
        break
      }
      case "expires": {
        const date = new Date(attributeValue)
        if (!Number.isNaN(date.getTime())) cookie.expires = date
        break
      }
      case "path":
        cookie.path = attributeValue
        break
      case "domain":
        cookie.domain = attributeValue
        break
      case "samesite":
        cookie.sameSite = attributeValue
        break
      case "httponly":
        cookie.httpOnly = true
        break
      case "secure":
        cookie.secure = true
        break
      case "partitioned":
        cookie.partitioned = true
        break
      default:
        break
    }
  }
  return cookie
}

/** A cookie held by the jar, with its absolute expiry (milliseconds), if any. */
export interface StoredCookie extends ParsedSetCookie {
  expiresAt?: number
}

/** Anything that carries `Set-Cookie` headers. */
export type SetCookieSource = Response | Headers | string | readonly string[]

/**
 * Stores cookies by name. `Max-Age=0`, a negative `Max-Age` or an `Expires` in the past deletes
 * the cookie; `Max-Age` wins over `Expires` (RFC 6265 5.3 step 3).
 *
 * @example
 * const jar = new CookieJar()
 * const response = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" })
 * jar.store(response)
 */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>()
  readonly #now: () => number

  constructor(options: CookieJarOptions = {}) {
    this.#now = options.now ?? Date.now
  }

  /** Stores every `Set-Cookie` of a response, a `Headers`, or raw header values. */
  store(source: SetCookieSource): this {
    for (const header of setCookieHeaders(source)) this.set(header)
    return this
  }

  /** Stores one raw `Set-Cookie` header value. */
  set(setCookie: string): this {
    const cookie: StoredCookie = parseSetCookie(setCookie)
    if (!cookie.name) return this
    const now = this.#now()
    if (cookie.maxAge !== undefined) cookie.expiresAt = now + cookie.maxAge * 1000
    else if (cookie.expires) cookie.expiresAt = cookie.expires.getTime()
    if (cookie.expiresAt !== undefined && cookie.expiresAt <= now) {
      this.#cookies.delete(cookie.name)
    } else {
      this.#cookies.set(cookie.name, cookie)
    }
    return this
  }

  /** The cookie of that name, unless absent or expired. */
  get(name: string): StoredCookie | undefined {
    const cookie = this.#cookies.get(name)
    if (cookie?.expiresAt !== undefined && cookie.expiresAt <= this.#now()) {
      this.#cookies.delete(name)
      return undefined
    }
    return cookie
  }

  /** The value of the cookie of that name, unless absent or expired. */
  value(name: string): string | undefined {
    return this.get(name)?.value
  }

  has(name: string): boolean {
    return this.get(name) !== undefined
  }

  delete(name: string): boolean {
    return this.#cookies.delete(name)
  }

  clear(): void {
    this.#cookies.clear()
  }

  /** The live cookies, in the order they were first set. */
  all(): StoredCookie[] {
    return [...this.#cookies.keys()]
      .map((name) => this.get(name))
      .filter((cookie): cookie is StoredCookie => cookie !== undefined)
  }

  /** Names and values of the live cookies. */
  toObject(): Record<string, string> {
    return Object.fromEntries(this.all().map((cookie) => [cookie.name, cookie.value]))
  }

  /** The `Cookie` request header for the live cookies; `""` when there are none. */
  header(): string {
    return this.all()
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ")
  }
}

function setCookieHeaders(source: SetCookieSource): readonly string[] {
  if (typeof source === "string") return [source]
  if (source instanceof Response) return source.headers.getSetCookie()
  if (source instanceof Headers) return source.getSetCookie()
  return source
}
