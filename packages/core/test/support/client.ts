import { Auth, type AuthConfigInput } from "../../src/index.js"
import { attachClientAddress } from "../../src/server.js"

/** One `Set-Cookie` header, parsed. */
export interface SetCookie {
  name: string
  value: string
  attributes: Record<string, string | true>
}

/** Parses every `Set-Cookie` header of a response. */
export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair = "", ...parts] = header.split("; ")
    const index = pair.indexOf("=")
    const attributes: Record<string, string | true> = {}
    for (const part of parts) {
      const eq = part.indexOf("=")
      if (eq === -1) attributes[part.toLowerCase()] = true
      else attributes[part.slice(0, eq).toLowerCase()] = part.slice(eq + 1)
    }
    return {
      name: pair.slice(0, index),
      value: decodeURIComponent(pair.slice(index + 1)),
      attributes,
    }
  })
}

/**
 * Drives `Auth()` in-process like a browser: keeps the cookies each response sets and sends
 * them back, and knows how to fetch and post a CSRF token.
 */
export class AuthClient {
  readonly jar = new Map<string, string>()

  constructor(
    readonly config: AuthConfigInput,
    readonly origin = "http://localhost:3000",
    readonly basePath = "/auth",
    /** The socket peer the integration would attach (see `attachClientAddress`). */
    readonly peerAddress?: string,
  ) {}

  url(path: string): string {
    return path.startsWith("http") ? path : `${this.origin}${this.basePath}${path}`
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ")
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size > 0 && !headers.has("cookie")) headers.set("cookie", this.cookieHeader())
    const request = new Request(this.url(path), { ...init, headers })
    const response = await Auth(attachClientAddress(request, this.peerAddress), this.config)
    this.store(response)
    return response
  }

  store(response: Response): void {
    for (const cookie of setCookies(response)) {
      const expired =
        cookie.attributes["max-age"] === "0" ||
        (typeof cookie.attributes.expires === "string" &&
          Date.parse(cookie.attributes.expires) < Date.now())
      if (expired || cookie.value === "") this.jar.delete(cookie.name)
      else this.jar.set(cookie.name, cookie.value)
    }
  }

  get(path: string, headers?: HeadersInit): Promise<Response> {
    return this.request(path, { method: "GET", headers })
  }

  /** POSTs a URL-encoded form. */
  postForm(path: string, fields: Record<string, string>, headers?: HeadersInit): Promise<Response> {
    const all = new Headers(headers)
    all.set("content-type", "application/x-www-form-urlencoded")
    return this.request(path, {
      method: "POST",
      headers: all,
      body: new URLSearchParams(fields).toString(),
    })
  }

  /** POSTs JSON. */
  postJson(path: string, body: unknown, headers?: HeadersInit): Promise<Response> {
    const all = new Headers(headers)
    all.set("content-type", "application/json")
    return this.request(path, { method: "POST", headers: all, body: JSON.stringify(body) })
  }

  async csrfToken(): Promise<string> {
    const response = await this.get("/csrf")
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    return csrfToken
  }

  async session(): Promise<Record<string, unknown> | null> {
    return (await (await this.get("/session")).json()) as Record<string, unknown> | null
  }

  /** Signs in through a credentials provider, with a fresh CSRF token. */
  async signInWithCredentials(
    fields: Record<string, string>,
    providerId = "credentials",
  ): Promise<Response> {
    const csrfToken = await this.csrfToken()
    return this.postForm(`/callback/${providerId}`, { ...fields, csrfToken })
  }
}

/** A secret long enough for every check. */
export const SECRET = "test-secret-that-is-at-least-32-characters-long"

/** A logger that records instead of printing. */
export function recordingLogger() {
  const errors: Error[] = []
  const warnings: string[] = []
  const debug: Array<[string, unknown]> = []
  return {
    errors,
    warnings,
    debug,
    logger: {
      error: (error: Error) => void errors.push(error),
      warn: (code: string) => void warnings.push(code),
      debug: (message: string, metadata?: unknown) => void debug.push([message, metadata]),
    },
  }
}

/** The demo user the credentials tests sign in as. */
export const DEMO_USER = {
  id: "42",
  name: "Ada Lovelace",
  email: "ada@example.test",
  image: "https://example.test/ada.png",
}
