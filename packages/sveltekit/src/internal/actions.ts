import { Auth, resolveRequestURL } from "@auth/core"
import { type Action, error, type RequestEvent, redirect } from "@sveltejs/kit"
import type { ConfigLookup, RequestConfig } from "./config.js"
import { applySetCookies } from "./cookies.js"
import { parseSignInForm, parseSignOutForm } from "./form.js"
import { isBuilding } from "./kit-env.js"
import { logError } from "./log.js"
import { forgetSession } from "./session.js"

/** What a form action answers with `redirect: "false"`: where it would have gone. */
export interface AuthActionData {
  url: string
}

/** The message of a config mistake, as core words it; the cause is in the log. */
const CONFIG_MESSAGE =
  "There was a problem with the server configuration. Check the server logs for more information."

/** Request headers that describe the form post, not the request core gets. */
const NOT_FORWARDED = [
  "content-length",
  "content-type",
  "transfer-encoding",
  "x-auth-return-redirect",
]

/**
 * The `signIn` form action: reads the form of Auth.js's `<SignIn>` (`providerId`,
 * `redirectTo`, `redirect`, `authorizationParams-*`, and the provider's fields) and signs in
 * through core, then redirects with `303` where core says: the provider, the callback URL, or
 * the sign-in page with the error. Without a provider, or with one the config does not have, it
 * goes to the sign-in page.
 *
 * The post to core carries no CSRF token: SvelteKit refuses cross-site form posts (`Origin`
 * check) before the action runs, and that is what protects it.
 */
export function createSignInAction(lookupConfig: ConfigLookup): Action {
  return async (event) => {
    if (isBuilding()) return
    const request = await requireConfig(event, lookupConfig)
    const form = parseSignInForm(await readForm(event.request))
    const origin = originOf(event, request)
    const callbackUrl = form.redirectTo ?? event.request.headers.get("referer") ?? "/"
    const type = form.providerId && (await providerType(origin, request, form.providerId))
    if (!form.providerId || !type) {
      const signInPage = `${origin}${request.basePath}/signin?${new URLSearchParams({ callbackUrl })}`
      return finish(form.redirect, signInPage)
    }
    const action = type === "credentials" ? "callback" : "signin"
    const query = form.authorizationParams.size > 0 ? `?${form.authorizationParams}` : ""
    const body = new URLSearchParams(form.fields)
    body.set("callbackUrl", callbackUrl)
    const path = `/${action}/${encodeURIComponent(form.providerId)}${query}`
    const response = await postToCore(event, request, `${origin}${request.basePath}${path}`, body)
    return answer(event, response, form.redirect)
  }
}

/**
 * The `signOut` form action: signs out through core (the session cookie cleared, the database
 * session deleted), then redirects with `303` to `redirectTo` (else the page the form was on).
 */
export function createSignOutAction(lookupConfig: ConfigLookup): Action {
  return async (event) => {
    if (isBuilding()) return
    const request = await requireConfig(event, lookupConfig)
    const form = parseSignOutForm(await readForm(event.request))
    const callbackUrl = form.redirectTo ?? event.request.headers.get("referer") ?? "/"
    const url = `${originOf(event, request)}${request.basePath}/signout`
    const response = await postToCore(event, request, url, new URLSearchParams({ callbackUrl }))
    return answer(event, response, form.redirect)
  }
}

async function requireConfig(event: RequestEvent, lookupConfig: ConfigLookup) {
  const result = await lookupConfig(event)
  if (result.ok) return result.value
  logError(undefined, result.failure.error)
  error(500, CONFIG_MESSAGE)
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch (cause) {
    const status = statusOf(cause)
    error(status, status === 413 ? "Request body too large." : "Bad request.")
  }
}

/** A 4xx status the body reader failed with (SvelteKit's body size limit: 413), else 400. */
function statusOf(cause: unknown): number {
  const status = (cause as { status?: unknown } | null)?.status
  return typeof status === "number" && status >= 400 && status < 500 ? status : 400
}

function originOf(event: RequestEvent, { config }: RequestConfig): string {
  return resolveRequestURL(event.request, { url: config.url }).origin
}

/** The type of a provider as core lists it (`GET /providers`), or `undefined` if it has none. */
async function providerType(
  origin: string,
  { config, basePath }: RequestConfig,
  providerId: string,
): Promise<string | undefined> {
  const response = await Auth(new Request(`${origin}${basePath}/providers`), config)
  if (!response.ok) return undefined
  const providers: unknown = await response.json()
  const provider: unknown = isRecord(providers) ? providers[providerId] : undefined
  const type: unknown = isRecord(provider) ? provider.type : undefined
  return typeof type === "string" ? type : undefined
}

/** POSTs a form to core as the browser's request: its cookies and headers, a new body. */
function postToCore(
  event: RequestEvent,
  { actionConfig }: RequestConfig,
  url: string,
  body: URLSearchParams,
): Promise<Response> {
  const headers = new Headers(event.request.headers)
  for (const name of NOT_FORWARDED) headers.delete(name)
  headers.set("content-type", "application/x-www-form-urlencoded")
  return Auth(new Request(url, { method: "POST", headers, body }), actionConfig)
}

/**
 * Hands core's answer to SvelteKit: its cookies through `event.cookies`, then a `303` to its
 * `Location` (the only host it may name: core chose it), or the URL as action data.
 */
async function answer(
  event: RequestEvent,
  response: Response,
  follow: boolean,
): Promise<AuthActionData> {
  applySetCookies(event.cookies, response.headers.getSetCookie())
  forgetSession(event)
  const location = response.headers.get("location")
  if (location !== null) return finish(follow, location)
  // No redirect: core refused the request (400, 413, 415 with a JSON message) or the config.
  const status = response.status >= 400 && response.status < 500 ? response.status : 500
  const message: unknown = await response.json().catch(() => undefined)
  error(status, status !== 500 && typeof message === "string" ? message : CONFIG_MESSAGE)
}

function finish(follow: boolean, location: string): AuthActionData {
  if (!follow) return { url: location }
  redirect(303, location, { external: [new URL(location).origin] })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null
}
