import { request as httpRequest } from "node:http"
import { CookieJar } from "./cookie-jar.js"

/** A response read over raw HTTP, for requests `fetch` refuses to send. */
export interface RawResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  readonly body: string
}

/**
 * A browser-like HTTP client for one server: it sends the jar's cookies, stores the cookies each
 * response sets, never follows redirects, and knows the steps of a credentials sign-in.
 */
export class HttpClient {
  readonly jar = new CookieJar()

  /**
   * @param baseUrl the server's origin, `http://127.0.0.1:<port>`
   * @param basePath where the auth actions are served, `/auth` say
   * @param options `browserOrigin`: send `Origin: <baseUrl>` on every request but GET and HEAD,
   *   as browsers do (frameworks such as SvelteKit refuse form posts without it)
   */
  constructor(
    readonly baseUrl: string,
    readonly basePath: string,
    readonly options: { readonly browserOrigin?: boolean } = {},
  ) {}

  /** The absolute URL of an action (`/csrf`) under the base path. */
  actionUrl(action: string): string {
    return `${this.baseUrl}${this.basePath}${action}`
  }

  /** Sends a request to a path of the app (not under the base path) with the jar's cookies. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const cookie = this.jar.header()
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie)
    const method = (init.method ?? "GET").toUpperCase()
    if (this.options.browserOrigin && method !== "GET" && method !== "HEAD") {
      if (!headers.has("origin")) headers.set("origin", this.baseUrl)
    }
    const response = await fetch(`${this.baseUrl}${path}`, { ...init, headers, redirect: "manual" })
    this.jar.store(response)
    return response
  }

  /** Sends a request to an action under the base path. */
  action(action: string, init: RequestInit = {}): Promise<Response> {
    return this.fetch(`${this.basePath}${action}`, init)
  }

  /** POSTs a URL-encoded form to an action. */
  postForm(
    action: string,
    fields: Record<string, string>,
    headers?: HeadersInit,
  ): Promise<Response> {
    const all = new Headers(headers)
    all.set("content-type", "application/x-www-form-urlencoded")
    return this.action(action, { method: "POST", headers: all, body: new URLSearchParams(fields) })
  }

  /** POSTs JSON to an action. */
  postJson(action: string, body: unknown, headers?: HeadersInit): Promise<Response> {
    const all = new Headers(headers)
    all.set("content-type", "application/json")
    return this.action(action, { method: "POST", headers: all, body: JSON.stringify(body) })
  }

  /** GETs `/csrf` and returns the token (its cookie is now in the jar). */
  async csrfToken(): Promise<string> {
    const response = await this.action("/csrf")
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    return csrfToken
  }

  /** GETs `/session` and returns the parsed body. */
  async session(): Promise<Record<string, unknown> | null> {
    const response = await this.action("/session")
    return (await response.json()) as Record<string, unknown> | null
  }

  /** Signs in with the credentials provider; returns the callback's response (a redirect). */
  async signIn(fields: Record<string, string>): Promise<Response> {
    const csrfToken = await this.csrfToken()
    return this.postForm("/callback/credentials", { ...fields, csrfToken })
  }

  /**
   * Sends a request with `node:http`, which (unlike `fetch`) sends any `Host` header and any
   * request target as given.
   */
  raw(options: {
    method?: string
    path: string
    headers?: Record<string, string>
    body?: string
  }): Promise<RawResponse> {
    const { hostname, port } = new URL(this.baseUrl)
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: hostname,
          port,
          method: options.method ?? "GET",
          path: options.path,
          headers: options.headers,
          setHost: !options.headers || !("host" in options.headers),
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on("data", (chunk: Buffer) => chunks.push(chunk))
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          )
          res.on("error", reject)
        },
      )
      req.on("error", reject)
      req.end(options.body)
    })
  }
}

/** A `Location` header resolved against the server's origin. */
export function locationOf(response: Response, baseUrl: string): URL {
  const location = response.headers.get("location")
  if (location === null) throw new Error(`Expected a Location header on a ${response.status}.`)
  return new URL(location, baseUrl)
}
