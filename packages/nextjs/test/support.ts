import { NextRequest } from "next/server.js"
import { vi } from "vitest"
import type { NextAuthConfig } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"

/** A secret for tests only. */
export const SECRET = "next-auth-tests-secret-at-least-32-characters"

export const USER = { id: "1", name: "Ada Lovelace", email: "ada@example.test" }
export const PASSWORD = "lovelace"

/** Where the unit tests' app is. */
export const ORIGIN = "http://app.example.test"

/** A credentials config (user `ada`, password {@link PASSWORD}) whose logger records. */
export function testConfig(overrides: Partial<NextAuthConfig> = {}) {
  const errors: Error[] = []
  const config: NextAuthConfig = {
    secret: SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (credentials) =>
          credentials.username === "ada" && credentials.password === PASSWORD ? USER : null,
      }),
    ],
    logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
    ...overrides,
  }
  return { config, errors }
}

/**
 * A request as `next start` hands it to route handlers and middleware: its URL is built from the
 * host Next.js listens on (`localhost:3000`), the `Host` header is the one the client sent.
 */
export function nextRequest(path: string, init: RequestInit & { host?: string } = {}): NextRequest {
  const { host = new URL(ORIGIN).host, ...rest } = init
  const headers = new Headers(rest.headers)
  if (!headers.has("host")) headers.set("host", host)
  const { signal, ...others } = rest
  return new NextRequest(`http://localhost:3000${path}`, {
    ...(others as ConstructorParameters<typeof NextRequest>[1]),
    ...(signal ? { signal } : {}),
    headers,
  })
}

/** The `name=value` pairs of a response's `Set-Cookie` headers, as a `Cookie` header. */
export function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.slice(0, header.indexOf(";")))
    .join("; ")
}

/** The value a response sets for a cookie (`""` when deleted), or `undefined`. */
export function setCookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    if (header.startsWith(`${name}=`)) return header.slice(name.length + 1, header.indexOf(";"))
  }
  return undefined
}

/** Signs in through the route handlers; returns the session cookie header. */
export async function signInThroughHandlers(handlers: {
  GET: (request: NextRequest) => Promise<Response>
  POST: (request: NextRequest) => Promise<Response>
}): Promise<string> {
  const csrf = await handlers.GET(nextRequest("/api/auth/csrf"))
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const response = await handlers.POST(
    nextRequest("/api/auth/callback/credentials", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookieHeaderOf(csrf),
      },
      body: new URLSearchParams({ username: "ada", password: PASSWORD, csrfToken }),
    }),
  )
  if (response.status !== 302) throw new Error(`Sign-in answered ${response.status}.`)
  return cookieHeaderOf(response)
    .split("; ")
    .filter((pair) => pair.startsWith("authjs.session-token"))
    .join("; ")
}

/**
 * Signs in as if `days` days ago: the session cookie's token was issued then (and still has
 * `maxAge` minus those days to live), so a middleware re-issues it (`updateAge` is a day).
 */
export async function signInDaysAgo(
  handlers: Parameters<typeof signInThroughHandlers>[0],
  days: number,
): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - days * 86_400_000 })
  try {
    return await signInThroughHandlers(handlers)
  } finally {
    vi.useRealTimers()
  }
}
