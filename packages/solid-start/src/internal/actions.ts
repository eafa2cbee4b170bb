import { Auth } from "@auth/core"
import {
  type AuthClient,
  createAuthClient,
  type SignInAuthorizationParams,
} from "@auth/core/client"
import { applySetCookies } from "@auth/core/cookie"
import type { PreparedConfig } from "./config.js"
import type { SolidRequestEvent } from "./event.js"
import { requestUrlOf } from "./request-url.js"
import { forgetSession } from "./session.js"

/** Options of the server-side `signIn`; every other field goes to the provider. */
export interface ServerSignInOptions {
  /**
   * Where to go after signing in.
   * @default the `Referer` (the page the form was on), else `/`
   */
  redirectTo?: string
  /**
   * `false` resolves with the URL to go to instead of throwing the redirect.
   * @default true
   */
  redirect?: boolean
  [field: string]: unknown
}

/** Options of the server-side `signOut`. */
export interface ServerSignOutOptions {
  /**
   * Where to go after signing out.
   * @default the `Referer`, else `/`
   */
  redirectTo?: string
  /**
   * `false` resolves with the URL to go to instead of throwing the redirect.
   * @default true
   */
  redirect?: boolean
}

/**
 * Signs in from a server function, with the browser client's steps (`@auth/core/client`: the
 * provider's type from `GET /providers`, the CSRF token, the form post) run against core in
 * process, with the browser's cookies and its `Origin` and `Sec-Fetch-Site`, so core refuses a
 * cross-site post as it does on its own routes. Without a provider, or with one the server does
 * not have, the URL is the sign-in page.
 *
 * @returns the URL to go to (with `redirect: false`)
 * @throws {Response} with `redirect` (the default): the redirect, carrying the cookies
 */
export async function signInOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  provider: string | undefined,
  options: ServerSignInOptions | FormData = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<string> {
  const { redirectTo, redirect = true, ...fields } = fieldsOf(options)
  const url = originOf(event, prepared)
  const call = serverCall(event, prepared, url)
  const target = String(redirectTo ?? refererOf(event.request) ?? "/")
  await call.client.signIn(provider, { ...fields, redirectTo: target }, authorizationParams)
  return finish(event, prepared, url, call.destination() ?? target, call.cookies, redirect)
}

/**
 * Signs out from a server function: the browser client's `signOut` against core in process, as
 * {@link signInOnServer} runs `signIn`.
 *
 * @returns the URL to go to (with `redirect: false`)
 * @throws {Response} with `redirect` (the default): the redirect, carrying the cookies
 */
export async function signOutOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  options: ServerSignOutOptions = {},
): Promise<string> {
  const url = originOf(event, prepared)
  const call = serverCall(event, prepared, url)
  const target = options.redirectTo ?? refererOf(event.request) ?? "/"
  await call.client.signOut({ redirectTo: target })
  const destination = call.destination() ?? target
  return finish(event, prepared, url, destination, call.cookies, options.redirect !== false)
}

function originOf(event: SolidRequestEvent, prepared: PreparedConfig): URL {
  const url = requestUrlOf(event, prepared.config.url)
  if (!url) throw new Error("@auth/solid-start: the request's Host header is not a valid host.")
  return url
}

/** A browser client whose requests go to core in process, and what they left behind. */
interface ServerCall {
  readonly client: AuthClient
  /** Every `Set-Cookie` core answered with, in order. */
  readonly cookies: string[]
  /** Where the client would have navigated. */
  destination(): string | undefined
}

/**
 * The browser client, bound to core in this process: each request carries the browser's
 * cookies (updated by the answers before it) and what the browser said about where the call
 * comes from; navigating records the URL.
 */
function serverCall(event: SolidRequestEvent, prepared: PreparedConfig, url: URL): ServerCall {
  const cookies: string[] = []
  let cookieHeader = event.request.headers.get("cookie") ?? ""
  let destination: string | undefined
  const inProcess = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers)
    for (const name of ["origin", "sec-fetch-site"]) {
      const value = event.request.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    if (cookieHeader) headers.set("cookie", cookieHeader)
    const response = await Auth(new Request(input, { ...init, headers }), prepared.config)
    const setCookies = response.headers.getSetCookie()
    cookies.push(...setCookies)
    cookieHeader = applySetCookies(cookieHeader, setCookies)
    return response
  }
  const client = createAuthClient({
    basePath: prepared.basePath,
    baseUrl: url.origin,
    fetch: inProcess,
    navigate: (to) => {
      destination = to
    },
    currentUrl: () => url.href,
    broadcastChannel: false,
    logger: { error: (error) => (prepared.config.logger?.error ?? console.error)(error) },
  })
  return { client, cookies, destination: () => destination }
}

/**
 * Where to send the browser, and the cookies to give it: thrown as a redirect `Response` (what
 * Solid Router's actions follow), or set on the event's response and the URL returned. A page of
 * this app is given as a path, so the router navigates to it; the built-in pages under the base
 * path and other origins (the identity provider) as a URL, which the browser loads.
 */
function finish(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  url: URL,
  target: string,
  cookies: readonly string[],
  redirect: boolean,
): string {
  forgetSession(event)
  if (!redirect) {
    for (const cookie of cookies) event.response?.headers.append("Set-Cookie", cookie)
    return target
  }
  const headers = new Headers({ Location: routerLocation(target, url, prepared.basePath) })
  for (const cookie of cookies) headers.append("Set-Cookie", cookie)
  throw new Response(null, { status: 302, headers })
}

function routerLocation(target: string, url: URL, basePath: string): string {
  const resolved = new URL(target, url)
  if (resolved.origin !== url.origin) return resolved.href
  const { pathname, search, hash } = resolved
  const builtIn = basePath === "" || pathname === basePath || pathname.startsWith(`${basePath}/`)
  return builtIn ? resolved.href : `${pathname}${search}${hash}`
}

function fieldsOf(options: ServerSignInOptions | FormData): ServerSignInOptions {
  if (!(options instanceof FormData)) return options
  const fields: ServerSignInOptions = {}
  for (const [name, value] of options) if (typeof value === "string") fields[name] = value
  if (typeof fields.redirect === "string") fields.redirect = fields.redirect !== "false"
  return fields
}

function refererOf(request: Request): string | undefined {
  return request.headers.get("referer") ?? undefined
}
