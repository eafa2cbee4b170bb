import Credentials from "@auth/core/providers/credentials"
import { CookieJar } from "@auth/integration-test"
import type { FullAuthConfig } from "../src/server.js"

/** A secret for these tests only. */
export const SECRET = "astro-tests-secret-at-least-32-characters-long"

export const USER = { id: "1", name: "Ada Lovelace", email: "ada@example.test" }
export const PASSWORD = "lovelace"

/** Where the test requests go. */
export const ORIGIN = "http://localhost:4321"

/** A credentials config (user `ada`, password {@link PASSWORD}), JWT sessions, a quiet logger. */
export function testConfig(overrides: Partial<FullAuthConfig> = {}): FullAuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          username === "ada" && password === PASSWORD ? USER : null,
      }),
    ],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    ...overrides,
  }
}

/** An endpoint handler, as `AstroAuth` returns them. */
export type Handler = (context: { request: Request }) => Promise<Response>

/** A browser on {@link ORIGIN}: its cookie jar, and requests to a handler with them. */
export class Browser {
  readonly jar = new CookieJar()

  constructor(readonly handler: Handler) {}

  /** Sends a request with the jar's cookies to the handler and stores what it sets. */
  async send(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const cookie = this.jar.header()
    if (cookie) headers.set("cookie", cookie)
    const response = await this.handler({
      request: new Request(`${ORIGIN}${path}`, { ...init, headers }),
    })
    this.jar.store(response)
    return response
  }

  /** A request to {@link ORIGIN} with the jar's cookies, for the session helpers. */
  request(path: string, headers: Record<string, string> = {}): Request {
    const cookie = this.jar.header()
    return new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie, ...headers } : headers })
  }

  /** Signs in as `ada` through the handler at `basePath`: the credentials callback's response. */
  async signIn(basePath: string, password = PASSWORD): Promise<Response> {
    const csrf = await this.send(`${basePath}/csrf`)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    return this.send(`${basePath}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams({ csrfToken, username: "ada", password, callbackUrl: "/" }),
    })
  }
}
