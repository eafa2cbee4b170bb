/**
 * Drives OAuth sign-ins through `Auth()` in-process against the local test servers: the browser
 * is an {@link AuthClient} for the app and a {@link CookieJar} for the identity provider.
 */

import { CookieJar } from "@auth/dev-servers"
import { expect } from "vitest"
import type { AuthConfig } from "../../src/types.js"
import { AuthClient, recordingLogger, SECRET, setCookies } from "../support/client.js"
import type { AuthorizationResponse, Idp } from "../support/idp.js"

/** The app's origin in these tests. */
export const APP_ORIGIN = "http://localhost:3000"

/** The callback URL of a provider on the app. */
export function callbackUrl(providerId: string, origin = APP_ORIGIN): string {
  return `${origin}/auth/callback/${providerId}`
}

/** A client over a config with the test secret, a trusted host and a recording logger. */
export function createApp(config: Omit<AuthConfig, "secret">, origin = APP_ORIGIN) {
  const log = recordingLogger()
  const fullConfig: AuthConfig = { secret: SECRET, trustHost: true, logger: log.logger, ...config }
  return { client: new AuthClient(fullConfig, origin), log, config: fullConfig }
}

/** The user of the client's session, if it has one. */
export async function sessionUser(
  client: AuthClient,
): Promise<{ name?: string; email?: string; image?: string } | undefined> {
  const session = await client.session()
  return session?.user as { name?: string; email?: string; image?: string } | undefined
}

/**
 * POSTs the sign-in form of a provider (with a CSRF token) and returns the response, which
 * should redirect to the authorization endpoint.
 */
export async function startSignIn(
  client: AuthClient,
  providerId: string,
  options: { query?: string; callbackUrl?: string } = {},
): Promise<Response> {
  const csrfToken = await client.csrfToken()
  const fields: Record<string, string> = { csrfToken }
  if (options.callbackUrl) fields.callbackUrl = options.callbackUrl
  return client.postForm(`/signin/${providerId}${options.query ?? ""}`, fields)
}

/** The `Location` of a redirect response, asserting there is one. */
export function locationOf(response: Response): URL {
  expect(response.status).toBe(302)
  const location = response.headers.get("location")
  expect(location).toBeTruthy()
  return new URL(location as string)
}

/** The `Location` header of a redirect response, as sent. */
export function redirectOf(response: Response): string {
  expect(response.status).toBe(302)
  return response.headers.get("location") ?? ""
}

/** Delivers an authorization response to the app the way a browser would. */
export function deliver(client: AuthClient, response: AuthorizationResponse): Promise<Response> {
  if (response.responseMode === "form_post") {
    return client.postForm(response.url.href, Object.fromEntries(response.params))
  }
  return client.get(response.url.href)
}

/** Starts a sign-in and logs in at the IdP; returns the authorization response, not delivered. */
export async function authorizeAtIdp(
  client: AuthClient,
  idp: Idp,
  providerId: string,
  username: string,
  options: { query?: string; callbackUrl?: string } = {},
): Promise<AuthorizationResponse> {
  const authorizationUrl = locationOf(await startSignIn(client, providerId, options))
  return idp.login(new CookieJar(), authorizationUrl, username)
}

/** A whole sign-in at the IdP: the app's response to the callback. */
export async function signInAtIdp(
  client: AuthClient,
  idp: Idp,
  providerId: string,
  username: string,
  options: { query?: string; callbackUrl?: string } = {},
): Promise<Response> {
  return deliver(client, await authorizeAtIdp(client, idp, providerId, username, options))
}

/** The names of the cookies a response deletes. */
export function deletedCookies(response: Response): string[] {
  return setCookies(response)
    .filter((cookie) => cookie.attributes["max-age"] === "0")
    .map((cookie) => cookie.name)
}

/** Asserts a redirect to the app's error or sign-in page with an `error` value. */
export function expectErrorRedirect(
  response: Response,
  page: "error" | "signin",
  error: string,
  origin = APP_ORIGIN,
): void {
  const location = locationOf(response)
  expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/${page}`)
  expect(location.searchParams.get("error")).toBe(error)
}

/**
 * A `fetch` that records every request it forwards, and may rewrite responses (to tamper with
 * what a real server sent).
 */
export function recordingFetch(
  rewrite?: (url: URL, response: Response) => Response | Promise<Response>,
): { fetch: typeof fetch; urls: URL[] } {
  const urls: URL[] = []
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input)
    urls.push(url)
    const response = await fetch(input, init)
    return rewrite ? rewrite(url, response) : response
  }
  return { fetch: fetchImpl, urls }
}
