import type { SignInAuthorizationParams } from "@auth/core/client"
import {
  type AuthActionResult,
  isPathUnder,
  type PreparedConfig,
  pathOnOrigin,
  setCookieHeaders,
  signIn,
  signOut,
} from "@auth/core/server"
import type { SolidRequestEvent } from "./event.js"
import { appRequestOf } from "./request-url.js"
import { appendSessionCookies, forgetSession } from "./session.js"

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
 * Signs in from a server function with core's `signIn`: the request's cookies, and core's check
 * of the browser's `Origin` and `Sec-Fetch-Site` (SolidStart's server functions have none of
 * their own). Without a provider, or with one the server does not have, the URL is the sign-in
 * page.
 *
 * @returns the URL to go to (with `redirect: false`)
 * @throws {Response} with `redirect` (the default): the redirect, carrying the cookies
 * @throws {AuthError} when core answers without a redirect (`503`: the database is unreachable)
 */
export async function signInOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  provider: string | undefined,
  options: ServerSignInOptions | FormData = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<string> {
  const { redirectTo, redirect, fields } = formOf(options)
  const params = new URLSearchParams(authorizationParams)
  return act(event, prepared, redirect, (request) =>
    signIn(request, prepared, provider, {
      redirectTo,
      fields,
      authorizationParams: params,
      checkOrigin: true,
    }),
  )
}

/**
 * Signs out from a server function with core's `signOut`, as {@link signInOnServer} signs in.
 *
 * @returns the URL to go to (with `redirect: false`)
 * @throws {Response} with `redirect` (the default): the redirect, carrying the cookies
 */
export async function signOutOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  options: ServerSignOutOptions = {},
): Promise<string> {
  return act(event, prepared, options.redirect !== false, (request) =>
    signOut(request, prepared, { redirectTo: options.redirectTo, checkOrigin: true }),
  )
}

/**
 * Runs a core action on the request's app URL, then sends the browser on with the cookies: a
 * thrown redirect `Response` (what Solid Router's actions follow), or the cookies on the event's
 * response and the URL returned. A page of this app is given as a path, so the router navigates
 * to it; the built-in pages under the base path and other origins (the identity provider) as a
 * URL, which the browser loads.
 */
async function act(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  redirect: boolean,
  run: (request: Request) => Promise<AuthActionResult>,
): Promise<string> {
  const app = appRequestOf(event, prepared)
  if (!app) throw new Error("@auth/solid-start: the request's Host header is not a valid host.")
  // With the call's own method: core refuses to sign in or out in a GET (a safe method).
  const request = new Request(app, { method: event.request.method })
  const result = await run(request)
  if (result.redirect === undefined) throw result.error
  forgetSession(event)
  const cookies = setCookieHeaders(result.cookies)
  if (!redirect) {
    if (event.response) appendSessionCookies(event.response.headers, cookies)
    return result.redirect
  }
  const to = new URL(result.redirect, request.url)
  const builtIn = isPathUnder(to.pathname, prepared.basePath)
  const headers = new Headers({
    Location: builtIn ? to.href : pathOnOrigin(to.href, new URL(request.url).origin),
  })
  for (const cookie of cookies) headers.append("Set-Cookie", cookie)
  throw new Response(null, { status: 302, headers })
}

/** The options as the browser client posts them: fields `String()`ed, a form's files left out. */
function formOf(options: ServerSignInOptions | FormData) {
  const fields = new URLSearchParams()
  const entries = options instanceof FormData ? options.entries() : Object.entries(options)
  for (const [name, value] of entries) {
    if (value !== undefined && !(value instanceof Blob)) fields.set(name, String(value))
  }
  const redirectTo = fields.get("redirectTo") ?? undefined
  const redirect = fields.get("redirect") !== "false"
  fields.delete("redirectTo")
  fields.delete("redirect")
  return { redirectTo, redirect, fields }
}
