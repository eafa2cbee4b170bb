/**
 * A cookie jar for driving a server over HTTP like a browser on one host: it keeps cookies by
 * name from `Set-Cookie` headers, drops the ones a response expires, and renders the rest as one
 * `Cookie` header. Domain and path are not matched (every test talks to one origin, and Auth.js
 * cookies use `Path=/`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2 The Set-Cookie header
 */

/** One `Set-Cookie` header, parsed; attribute names are lowercased. */
export interface SetCookie {
  readonly name: string
  readonly value: string
  readonly attributes: Readonly<Record<string, string | true>>
}

/** Parses one `Set-Cookie` header value. */
export function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...parts] = header.split(";")
  const index = pair.indexOf("=")
  const attributes: Record<string, string | true> = {}
  for (const part of parts) {
    const eq = part.indexOf("=")
    const key = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase()
    if (key) attributes[key] = eq === -1 ? true : part.slice(eq + 1).trim()
  }
  return {
    name: (index === -1 ? "" : pair.slice(0, index)).trim(),
    value: (index === -1 ? pair : pair.slice(index + 1)).trim(),
    attributes,
  }
}

/** Whether a `Set-Cookie` deletes its cookie: `Max-Age` of zero or less, or `Expires` past. */
export function isExpired(cookie: SetCookie, now = Date.now()): boolean {
  const maxAge = cookie.attributes["max-age"]
  if (typeof maxAge === "string" && /^-?\d+$/.test(maxAge)) return Number(maxAge) <= 0
  const expires = cookie.attributes.expires
  return typeof expires === "string" && Date.parse(expires) <= now
}

/** The cookies a browser would hold for one origin. */
export class CookieJar {
  readonly #cookies = new Map<string, string>()

  /** Stores every `Set-Cookie` of a response. */
  store(response: Response): this {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header)
      if (!cookie.name) continue
      if (isExpired(cookie)) this.#cookies.delete(cookie.name)
      else this.#cookies.set(cookie.name, cookie.value)
    }
    return this
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name)
  }

  set(name: string, value: string): this {
    this.#cookies.set(name, value)
    return this
  }

  has(name: string): boolean {
    return this.#cookies.has(name)
  }

  /** The `Cookie` request header; `""` when the jar is empty. */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}
