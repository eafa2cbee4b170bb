import { AuthError } from "@auth/core/errors"
import { type AuthActionResult, signIn, signOut, updateSession } from "@auth/core/server"
import type { Cookie, Session } from "@auth/core/types"
import { cookies, headers } from "next/headers.js"
import { redirect } from "next/navigation"
import { appURL, type ReadyConfig } from "./config.js"
import type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "./types.js"

/**
 * `signIn` for server actions (core's `signIn`). The callback URL is `redirectTo`, else the page
 * the action was posted from (`Referer`), else `/`; core's `redirect` callback keeps it on the
 * app's origin. Without a provider, or with one the config does not have, it goes to the
 * sign-in page (also from a Server Component).
 *
 * @returns the URL to go to, with `redirect: false`; otherwise it redirects (Next.js `redirect()`)
 * @throws {AuthError} when the sign-in fails (`CredentialsSignin` for wrong credentials);
 *   `MissingCSRF` when called outside a server action or a request with a body (a Server
 *   Component, a GET route handler): a link or an `<img>` of any site could trigger it there
 */
export async function signInAction(
  config: ReadyConfig,
  provider: string | undefined,
  options: SignInOptions<boolean> | undefined,
  authorizationParams: SignInAuthorizationParams | undefined,
): Promise<string> {
  const { redirect: redirectOption, redirectTo, ...fields } = fieldsOf(options)
  const result = await signIn(await actionRequest(config), config.prepared, provider, {
    redirectTo: typeof redirectTo === "string" ? redirectTo : undefined,
    fields: stringFields(fields),
    authorizationParams: new URLSearchParams(authorizationParams),
  })
  const url = await settle(result)
  if (redirectOption !== false && redirectOption !== "false") redirect(url)
  return url
}

/**
 * `signOut` for server actions (core's `signOut`): ends the session (database sessions are
 * deleted) and clears the cookie, then goes to `redirectTo`, else the `Referer`, else `/`.
 *
 * @returns `{ redirect, cookies }` with `redirect: false`; otherwise it redirects
 * @throws {MissingCSRF} when called outside a server action or a request with a body (see
 *   {@link signInAction})
 */
export async function signOutAction(
  config: ReadyConfig,
  options: SignOutOptions<boolean> | undefined,
): Promise<{ redirect?: string }> {
  const result = await signOut(await actionRequest(config), config.prepared, options)
  const url = await settle(result)
  if (options?.redirect !== false) redirect(url)
  return result.error ? { redirect: url } : result
}

/**
 * `unstable_update` / `updateSession` for server actions (core's `updateSession`): the `jwt`
 * callback receives `trigger: "update"` and `session: data` (database sessions: the `session`
 * callback receives `newSession`). Returns the new session as `/session` sends it, or `null`.
 */
export async function updateAction(config: ReadyConfig, data: unknown): Promise<Session | null> {
  const result = await updateSession(await actionRequest(config), config.prepared, data)
  // Called while rendering a page or answering a GET: a mistake to show, as signIn throws it.
  if (result.error?.type === "MissingCSRF") throw result.error
  await setCookies(result.cookies)
  return result.session
}

/**
 * The request a server action runs in, on the app's URL, with its headers (cookies included)
 * and the method core needs to know (see {@link methodOf}).
 *
 * @throws {TypeError} when the request names no valid host (Next.js would not route it)
 */
export async function actionRequest(config: ReadyConfig): Promise<Request> {
  const incoming = await headers()
  const url = appURL(config, incoming)
  if (!url) {
    throw new TypeError(
      "The request's Host header is not a valid host; set AUTH_URL to the app's URL.",
    )
  }
  return new Request(url, { method: methodOf(incoming), headers: incoming })
}

/**
 * Whether the request being handled may change state, as far as its headers tell (`headers()`
 * does not give the method, and core refuses to sign in or out in a GET or HEAD): `"POST"` for
 * a server action (Next.js sends them as POSTs with a `Next-Action` header, or as a form post
 * without JavaScript) and for any request with a body (`Content-Length`, `Transfer-Encoding`:
 * a browser sends one with every POST and PUT, never with a GET or HEAD); `"GET"` otherwise (a
 * page being rendered, a GET route handler), which core then refuses with `MissingCSRF`.
 *
 * @see https://fetch.spec.whatwg.org/#http-network-or-cache-fetch Content-Length of a POST
 */
function methodOf(incoming: Headers): "POST" | "GET" {
  const changesState =
    incoming.has("next-action") ||
    incoming.has("content-length") ||
    incoming.has("transfer-encoding")
  return changesState ? "POST" : "GET"
}

/**
 * Sets an action's cookies and says where to go. As `Auth()` in raw mode does for next-auth, an
 * `AuthError` the action raised is thrown (`CredentialsSignin`, …), and so is a config mistake;
 * another failure (core wraps it in a plain `AuthError`) goes to the error page the HTTP flow
 * shows, and is thrown when that flow has none (a `413`, a `503`).
 */
async function settle(result: AuthActionResult): Promise<string> {
  await setCookies(result.cookies)
  if (!result.error) return result.redirect
  const { error, redirect } = result
  const wrapped = error.constructor === AuthError && error.cause?.err !== undefined
  if (!wrapped || redirect === undefined) throw error
  return redirect
}

/** Sets core's cookies on the response through `cookies()` (`sameSite: true` is `"strict"`). */
export async function setCookies(list: Cookie[]): Promise<void> {
  if (list.length === 0) return
  const jar = await cookies()
  for (const { name, value, options } of list) {
    const { sameSite, ...rest } = options
    const strict = sameSite === true ? "strict" : sameSite
    jar.set(name, value, { ...rest, ...(sameSite !== undefined && { sameSite: strict }) })
  }
}

/** The options as fields: a `FormData` flattened (Next.js's own `$ACTION_…` fields left out). */
function fieldsOf(options: SignInOptions<boolean> | undefined): Record<string, unknown> {
  if (!options) return {}
  if (!(options instanceof FormData)) return options
  const fields: Record<string, unknown> = {}
  for (const [key, value] of options) {
    if (typeof value === "string" && !key.startsWith("$ACTION")) fields[key] = value
  }
  return fields
}

function stringFields(fields: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || typeof value === "object") continue
    result[key] = String(value)
  }
  return result
}
