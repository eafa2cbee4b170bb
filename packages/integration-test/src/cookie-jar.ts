/**
 * The contract suite's cookie jar: `@auth/dev-servers`' jar, the one every test here parses
 * `Set-Cookie` with, behind a name-to-value API. It keeps cookies by name, drops the ones a
 * response deletes (`Max-Age` of zero or less, or a past `Expires`; `Max-Age` wins), and renders
 * the rest as one `Cookie` header. Domain and path are not matched (every test talks to one
 * origin, and Auth.js cookies use `Path=/`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2 The Set-Cookie header
 */
import { CookieJar as DevServersCookieJar } from "@auth/dev-servers/cookie-jar"

export { type ParsedSetCookie, parseSetCookie } from "@auth/dev-servers/cookie-jar"

/** The cookies a browser would hold for one origin. */
export class CookieJar {
  readonly #jar = new DevServersCookieJar()

  /** Stores every `Set-Cookie` of a response. */
  store(response: Response): this {
    this.#jar.store(response)
    return this
  }

  /** The value of a cookie, as the `Cookie` header sends it. */
  get(name: string): string | undefined {
    return this.#jar.value(name)
  }

  /** Puts a cookie in the jar as a page script would (`value` as the `Cookie` header sends it). */
  set(name: string, value: string): this {
    this.#jar.set(`${name}=${value}`)
    return this
  }

  has(name: string): boolean {
    return this.#jar.has(name)
  }

  /** The `Cookie` request header; `""` when the jar is empty. */
  header(): string {
    return this.#jar.header()
  }
}
