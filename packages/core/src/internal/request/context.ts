import { MissingCSRF } from "../../errors.js"
import type { Cookie } from "../../types/cookies.js"
import type { ResolvedConfig } from "../config/resolve-config.js"
import { CHUNK_SIZE } from "../cookies/chunks.js"
import type { ResolvedCookies } from "../cookies/defaults.js"
import { isSubmittedTokenValid, readOrCreateCsrfToken } from "../csrf/csrf.js"
import { crossSiteReason } from "../csrf/origin.js"
import { toSafeRedirect } from "../http/callback-url.js"
import { attachClientAddress, peerAddressOf } from "../http/client-address.js"
import type { AuthRequest } from "./auth-request.js"

/** Everything an action needs about one request, with the cookies it must set. */
export interface AuthContext {
  readonly config: ResolvedConfig
  readonly request: AuthRequest
  /** `scheme://host[:port]` of the request. */
  readonly origin: string
  readonly basePath: string
  /** Cookie names and options for this request (secure on https://). */
  readonly cookies: ResolvedCookies
  /** Cookies every response of this request carries (CSRF, callback URL), set first. */
  readonly setCookies: Cookie[]
}

/** Creates the context of one request. Nothing is computed that an action may not need. */
export function createContext(config: ResolvedConfig, request: AuthRequest): AuthContext {
  const secure = config.useSecureCookies ?? request.url.protocol === "https:"
  return {
    config,
    request,
    origin: request.url.origin,
    basePath: config.basePath,
    cookies: secure ? config.cookies.secure : config.cookies.insecure,
    setCookies: [],
  }
}

/** The URL of an action under the base path of this request's origin. */
export function actionUrl(
  context: AuthContext,
  action: string,
  query?: Record<string, string>,
): string {
  const url = `${context.origin}${context.basePath}/${action}`
  if (!query) return url
  const search = new URLSearchParams(query).toString()
  return search ? `${url}?${search}` : url
}

/**
 * The request's CSRF token. When its cookie is missing or does not verify, a new token is made
 * and its cookie queued on the response.
 */
export async function csrfTokenOf(context: AuthContext): Promise<string> {
  const { name, options } = context.cookies.csrfToken
  const state = await readOrCreateCsrfToken(context.request.cookies[name], context.config.secrets)
  if (state.cookieValue !== undefined) {
    context.setCookies.push({ name, value: state.cookieValue, options })
  }
  return state.token
}

/**
 * Requires the POST body's `csrfToken` to match the CSRF cookie and, when the browser sends
 * `Sec-Fetch-Site` or `Origin`, the request to come from this origin (see `crossSiteReason`),
 * unless the config skips the check (framework integrations with their own protection).
 *
 * @throws {MissingCSRF} when the token is missing or does not match, or the browser says the
 *   request is cross-site
 */
export async function assertCsrf(context: AuthContext): Promise<void> {
  if (context.config.skipCSRFCheck) return
  const token = await csrfTokenOf(context)
  if (
    context.request.method !== "POST" ||
    !isSubmittedTokenValid(token, context.request.body?.csrfToken)
  ) {
    throw new MissingCSRF(
      `The ${context.request.action} request has no valid CSRF token. Post the token from GET ${context.basePath}/csrf as the "csrfToken" field.`,
    )
  }
  const crossSite = crossSiteReason(context.request.headers, context.origin)
  if (crossSite) {
    throw new MissingCSRF(
      `The ${context.request.action} request comes from another site (${crossSite}). Post it from a page of this origin.`,
    )
  }
}

/**
 * The URL to return to after the action: the body's `callbackUrl`, else the query's, else the
 * callback-URL cookie, else the origin; passed through the `redirect` callback and made safe
 * for a `Location` header. When it changes, the callback-URL cookie is updated.
 *
 * With `fromCookie: false` (the built-in pages opened without `callbackUrl`, which start a new
 * flow) the cookie is not read: the origin replaces a URL an earlier flow left there.
 */
export async function callbackUrlOf(
  context: AuthContext,
  { fromCookie = true }: { fromCookie?: boolean } = {},
): Promise<string> {
  const { body, query, cookies } = context.request
  const { name, options } = context.cookies.callbackUrl
  const cookieValue = cookies[name]
  const candidate = firstString(
    body?.callbackUrl,
    query.callbackUrl,
    fromCookie ? cookieValue : undefined,
  )
  const callbackUrl = candidate ? await redirectTarget(context, candidate) : context.origin
  if (callbackUrl === cookieValue) return callbackUrl
  if (encodeURIComponent(callbackUrl).length <= CHUNK_SIZE) {
    context.setCookies.push({ name, value: callbackUrl, options })
  } else {
    // A browser drops a cookie over 4 KB, and a proxy may refuse the whole answer over its
    // header size (nginx: 502); the URL still serves this request.
    context.config.logger.warn(
      "callback-url-too-long",
      `A callback URL of ${callbackUrl.length} characters was not kept in the ${name} cookie (at most ${CHUNK_SIZE} encoded).`,
    )
  }
  return callbackUrl
}

/**
 * Runs the `redirect` callback on a target and makes the result safe. A callback that throws
 * is logged and the origin is used.
 */
export async function redirectTarget(
  context: Pick<AuthContext, "config" | "origin">,
  url: string,
): Promise<string> {
  try {
    const result = await context.config.callbacks.redirect({ url, baseUrl: context.origin })
    return toSafeRedirect(result, context.origin)
  } catch (error) {
    context.config.logger.error(error instanceof Error ? error : new Error(String(error)))
    return context.origin
  }
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === "string" && value !== "") return value
  return undefined
}

/**
 * The request as callbacks receive it (`authorize`, `sendVerificationRequest`): same URL and
 * headers, with the already-read body replayed as JSON, since the original body is consumed.
 */
export function replayRequest(
  context: AuthContext,
  body: unknown = context.request.body ?? {},
): Request {
  const { url, headers } = context.request
  // As a list, so the headers are copied once (by `Request`), not twice.
  const replayed: [string, string][] = []
  for (const entry of headers) if (entry[0] !== "content-type") replayed.push(entry)
  replayed.push(["content-type", "application/json"])
  const request = new Request(url.href, {
    method: "POST",
    headers: replayed,
    body: JSON.stringify(body),
  })
  return attachClientAddress(request, peerAddressOf(context.request.original))
}
