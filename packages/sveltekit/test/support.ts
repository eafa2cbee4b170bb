import Credentials from "@auth/core/providers/credentials"
import type { CookieJar } from "@auth/integration-test"
import type { Cookies, RequestEvent } from "@sveltejs/kit"
import type { SvelteKitAuthConfig } from "../src/index.js"
import { setKitEnv } from "./kit-stubs/env.js"
import { setEnvironment } from "./kit-stubs/environment.js"
import { setBase } from "./kit-stubs/paths.js"

/** A secret for these tests only. */
export const SECRET = "sveltekit-unit-tests-secret-0123456789abcdef"
export const ORIGIN = "http://app.test"
export const USER = { id: "1", name: "Ada Lovelace", email: "ada@example.test" }
export const PASSWORD = "lovelace"

/** Resets what the SvelteKit modules report: no env, not building, production, no base path. */
export function resetKit(): void {
  setKitEnv({})
  setEnvironment({})
  setBase("")
}

/** A credentials config (`ada` / {@link PASSWORD}) whose logger records errors. */
export function testConfig(overrides: Partial<SvelteKitAuthConfig> = {}) {
  const errors: Error[] = []
  const config: SvelteKitAuthConfig = {
    secret: SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          username === "ada" && password === PASSWORD ? USER : null,
      }),
    ],
    logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
    ...overrides,
  }
  return { config, errors }
}

/** A request event as SvelteKit makes it, with cookies that behave like SvelteKit's. */
export interface TestEvent extends RequestEvent {
  /** The cookies `event.cookies.set` set, as `Set-Cookie` header values, in order. */
  readonly setCookies: string[]
}

/**
 * A `RequestEvent` for `path` on {@link ORIGIN}: `routeId` is the route SvelteKit matched
 * (`null`: none). Cookies come from `init.headers.cookie`, or from `jar`.
 */
export function createEvent(
  path: string,
  init: RequestInit = {},
  options: { routeId?: string | null; jar?: CookieJar } = {},
): TestEvent {
  const headers = new Headers(init.headers)
  const fromJar = options.jar?.header()
  if (fromJar && !headers.has("cookie")) headers.set("cookie", fromJar)
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers })
  const setCookies: string[] = []
  const event = {
    request,
    url: new URL(request.url),
    route: { id: options.routeId === undefined ? "/[page]" : options.routeId },
    params: {},
    locals: {},
    platform: undefined,
    cookies: createCookies(request, setCookies),
    setCookies,
    isDataRequest: false,
    isSubRequest: false,
    fetch,
    getClientAddress: () => "127.0.0.1",
    setHeaders: () => {},
  }
  return event as unknown as TestEvent
}

/**
 * SvelteKit's `cookies`, as far as the package uses them: `set` encodes the value with
 * `encodeURIComponent` and defaults `httpOnly` and `secure` to true; `get`/`getAll` see the
 * request's cookies (decoded) overlaid with those set during the request.
 */
function createCookies(request: Request, setCookies: string[]): Cookies {
  const fromRequest = new Map<string, string>()
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const separator = pair.indexOf("=")
    if (separator > 0) {
      fromRequest.set(
        pair.slice(0, separator).trim(),
        decodeURIComponent(pair.slice(separator + 1)),
      )
    }
  }
  const set = new Map<string, string>()
  const cookies = {
    get: (name: string) => set.get(name) ?? fromRequest.get(name),
    getAll: () => [...new Map([...fromRequest, ...set])].map(([name, value]) => ({ name, value })),
    set(name: string, value: string, options: Record<string, unknown>) {
      set.set(name, value)
      const attributes = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`]
      if (options.maxAge !== undefined) attributes.push(`Max-Age=${options.maxAge}`)
      if (options.expires instanceof Date)
        attributes.push(`Expires=${options.expires.toUTCString()}`)
      if (options.httpOnly ?? true) attributes.push("HttpOnly")
      if (options.secure ?? true) attributes.push("Secure")
      if (options.sameSite) attributes.push(`SameSite=${options.sameSite}`)
      setCookies.push(attributes.join("; "))
    },
  }
  return cookies as unknown as Cookies
}

/** Stores the cookies an event set in a jar, as a browser would from the response. */
export function storeCookies(jar: CookieJar, event: TestEvent): void {
  const headers = new Headers()
  for (const cookie of event.setCookies) headers.append("set-cookie", cookie)
  jar.store(new Response(null, { headers }))
}

/** What SvelteKit's `resolve` answers for requests the hook passes on. */
export const APP_RESPONSE = "rendered by the app"

/** Runs a `handle` hook the way SvelteKit does; `resolve` renders {@link APP_RESPONSE}. */
export async function runHandle(
  handle: (input: {
    event: RequestEvent
    resolve: (event: RequestEvent) => Promise<Response>
  }) => Response | Promise<Response>,
  event: RequestEvent,
  render: (event: RequestEvent) => Promise<Response> = async () => new Response(APP_RESPONSE),
): Promise<Response> {
  return handle({ event, resolve: render })
}
