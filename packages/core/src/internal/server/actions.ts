import { AuthError, MissingCSRF } from "../../errors.js"
import type { Cookie, ResponseInternal, Session } from "../../types.js"
import { resolveConfig } from "../config/resolve-config.js"
import { crossSiteReason } from "../csrf/origin.js"
import { attachClientAddress, peerAddressOf } from "../http/client-address.js"
import { resolveRequestURL } from "../http/request-url.js"
import { redirectTarget } from "../request/context.js"
import { runServerAction, type ServerActionOutcome } from "../routing/handle.js"
import type { PreparedConfig } from "./prepare-config.js"

/** What a server-side sign-in or sign-out gave: where to go next, and the cookies to set. */
export type AuthActionResult =
  | {
      /** Where the browser goes next: the provider, the callback URL, a page. */
      readonly redirect: string
      /** The cookies to set on the response (`setCookieHeaders` makes `Set-Cookie` values). */
      readonly cookies: Cookie[]
      readonly error?: undefined
    }
  | {
      /**
       * Why it failed (already logged): `CredentialsSignin` for wrong credentials, another
       * `AuthError`, or the cause of a `503` (the database cannot be reached).
       */
      readonly error: AuthError
      /**
       * Where the HTTP flow would send the browser (the sign-in or error page with `?error=`);
       * `undefined` when it answers without a redirect (`status`).
       */
      readonly redirect: string | undefined
      /** The status the HTTP flow would answer with: `302`, `400`, `413`, `500`, `503`. */
      readonly status: number
      readonly cookies: Cookie[]
    }

/** What {@link signIn} and {@link signOut} check before they act. */
export interface OriginCheckOptions {
  /**
   * Refuse a request the browser says comes from another site (`Sec-Fetch-Site`, `Origin`), as
   * the auth routes do: for frameworks whose server functions have no origin check of their own
   * (SolidStart). The result is then a `MissingCSRF` error with the sign-in page's redirect.
   * @default false
   */
  readonly checkOrigin?: boolean
}

/** Options of {@link signIn}. */
export interface SignInOptions extends OriginCheckOptions {
  /** Where to go after signing in. @default the `Referer`, else `/` */
  readonly redirectTo?: string
  /** The provider's form fields (credentials, `email`). */
  readonly fields?: Record<string, string> | URLSearchParams
  /** Extra parameters for the provider's authorization URL (`prompt`, `login_hint`). */
  readonly authorizationParams?: Record<string, string> | URLSearchParams
}

/** Options of {@link signOut}. */
export interface SignOutOptions extends OriginCheckOptions {
  /** Where to go after signing out. @default the `Referer`, else `/` */
  readonly redirectTo?: string
}

/** Request headers that describe the incoming request's own body or hop, not the internal one. */
const NOT_FORWARDED = [
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "expect",
  "x-auth-return-redirect",
]

/**
 * Signs in from server code (a form action, a server action): what POST
 * `<basePath>/signin/<provider>` (`/callback/<provider>` for credentials) does, with the
 * request's cookies, without a CSRF token: the framework's own origin check on form posts is
 * what protects it, so call it only from a handler that has one. Without a provider, or with
 * one the config does not have, it goes to the sign-in page (which changes nothing, so also in
 * a GET). A request whose method is GET or HEAD (or another safe method) is refused with
 * `MissingCSRF` and the sign-in page's redirect, as a cross-site post is: a state change
 * there could be triggered by any page linking to it.
 *
 * @param request the incoming request, on the app's URL (`PreparedConfig.requestURL`)
 * @param provider the provider's id
 * @example
 * const result = await signIn(request, prepared, "github", { redirectTo: "/dashboard" })
 * if (result.error) return errorPage(result.error)
 * return redirect(result.redirect, result.cookies)
 */
export async function signIn(
  request: Request,
  prepared: PreparedConfig,
  provider: string | undefined,
  options: SignInOptions = {},
): Promise<AuthActionResult> {
  const origin = originOf(request, prepared)
  const callbackUrl = callbackUrlOf(request, options.redirectTo)
  const found = provider === undefined ? undefined : findProvider(prepared, provider)
  if (found === undefined) {
    // As given (`/after` stays relative, as in Auth.js) when the `redirect` callback lets it
    // through; else what the callback made of it, as the HTTP flow would.
    const config = resolveConfig(prepared.config)
    const target = await redirectTarget({ config, origin }, callbackUrl)
    const kept = sameTarget(callbackUrl, target, origin) ? callbackUrl : target
    return { redirect: prepared.signInURL(origin, kept).href, cookies: [] }
  }
  const action = found === "credentials" ? "callback" : "signin"
  const url = prepared.actionURL(origin, `${action}/${encodeURIComponent(provider!)}`)
  if (isSafeMethod(request.method)) return refuseSafeMethod(prepared, url, request.method)
  const query = new URLSearchParams(options.authorizationParams)
  if (query.size > 0) url.search = query.toString()
  const body = new URLSearchParams(options.fields)
  body.set("callbackUrl", callbackUrl)
  return run(request, prepared, url, { form: body }, url.href, options.checkOrigin)
}

/**
 * Signs out from server code: what POST `<basePath>/signout` does (the database session
 * deleted, the cookie cleared, the `signOut` event), without a CSRF token (see {@link signIn}).
 * A GET or HEAD request is refused with `MissingCSRF`, as in {@link signIn}.
 */
export async function signOut(
  request: Request,
  prepared: PreparedConfig,
  options: SignOutOptions = {},
): Promise<AuthActionResult> {
  const origin = originOf(request, prepared)
  const callbackUrl = callbackUrlOf(request, options.redirectTo)
  const url = prepared.actionURL(origin, "signout")
  if (isSafeMethod(request.method)) return refuseSafeMethod(prepared, url, request.method)
  const body = { form: new URLSearchParams({ callbackUrl }) }
  return run(request, prepared, url, body, callbackUrl, options.checkOrigin)
}

/** What {@link updateSession} gave: the new session as `/session` sends it, and its cookie. */
export interface UpdateSessionResult {
  readonly session: Session | null
  readonly cookies: Cookie[]
  /**
   * Why there is no session, when the update failed rather than found none (already logged):
   * `MissingCSRF` for a GET or HEAD request, the action's error otherwise.
   */
  readonly error?: AuthError
}

/**
 * Updates the session from server code: what POST `<basePath>/session` with `{ data }` does (the
 * `jwt` callback gets `trigger: "update"` and `session: data`; database sessions: the `session`
 * callback gets `newSession`). `session` is `null` when there is none, or the update failed
 * (then `error` says why: `MissingCSRF` for a GET or HEAD request, as in {@link signIn}).
 */
export async function updateSession(
  request: Request,
  prepared: PreparedConfig,
  data: unknown,
): Promise<UpdateSessionResult> {
  const url = prepared.actionURL(originOf(request, prepared), "session")
  if (isSafeMethod(request.method)) {
    const { error } = refuseSafeMethod(prepared, url, request.method)
    return { session: null, cookies: [], error }
  }
  const outcome = await runServerAction(
    internalRequest(request, url, { json: { data } }),
    prepared.actionConfig,
  )
  if ("response" in outcome) {
    return { session: null, cookies: [], error: asAuthError(outcome.error) }
  }
  return {
    session: (outcome.result.body ?? null) as Session | null,
    cookies: outcome.result.cookies ?? [],
  }
}

/** A refusal or failure of a JSON action, as the server API gives it. */
export interface ActionFailure {
  /** The action's `error` code, `Configuration`, or `DatabaseUnavailable` for a `503`. */
  readonly error: string
  /** The status the route answers with. */
  readonly status: number
}

/** Runs a GET action with the request's headers (its cookies). */
export function readAction(
  request: Request,
  prepared: PreparedConfig,
  path: string,
): Promise<ServerActionOutcome> {
  const url = prepared.actionURL(originOf(request, prepared), path)
  const headers = new Headers(request.headers)
  for (const name of NOT_FORWARDED) headers.delete(name)
  const internal = attachClientAddress(new Request(url, { headers }), peerAddressOf(request))
  return runServerAction(internal, prepared.actionConfig)
}

/**
 * Runs a POST action with a JSON body; refused (logged) with `MissingCSRF` in a GET or HEAD
 * request, and with `checkOrigin` in a request the browser says comes from another site.
 */
export async function writeAction(
  request: Request,
  prepared: PreparedConfig,
  path: string,
  body: Record<string, unknown>,
  options: OriginCheckOptions = {},
): Promise<ServerActionOutcome | ActionFailure> {
  const url = prepared.actionURL(originOf(request, prepared), path)
  if (isSafeMethod(request.method)) {
    refuseSafeMethod(prepared, url, request.method)
    return { error: "MissingCSRF", status: 403 }
  }
  const crossSite = options.checkOrigin ? crossSiteReason(request.headers, url.origin) : undefined
  if (crossSite) {
    refuseCrossSite(prepared, url, crossSite)
    return { error: "MissingCSRF", status: 403 }
  }
  return runServerAction(internalRequest(request, url, { json: body }), prepared.actionConfig)
}

async function run(
  request: Request,
  prepared: PreparedConfig,
  url: URL,
  body: { form: URLSearchParams },
  fallback: string,
  checkOrigin = false,
): Promise<AuthActionResult> {
  const crossSite = checkOrigin ? crossSiteReason(request.headers, url.origin) : undefined
  if (crossSite) return refuseCrossSite(prepared, url, crossSite)
  const outcome = await runServerAction(internalRequest(request, url, body), prepared.actionConfig)
  if (!("response" in outcome)) {
    const { result } = outcome
    return {
      redirect: result.redirect ?? locationOf(result) ?? fallback,
      cookies: result.cookies ?? [],
    }
  }
  const { response } = outcome
  return {
    error: asAuthError(outcome.error),
    redirect: response.headers.get("location") ?? undefined,
    status: response.status,
    cookies: [],
  }
}

/**
 * RFC 9110 §9.2.1's safe methods: a request with one of them must not change state. A page
 * of another site can make a browser send a GET (an `<img>`, a link) with the user's cookies
 * and without `Sec-Fetch-Site` in older browsers, so no origin check would catch it.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-9.2.1
 */
function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase())
}

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "TRACE"])

/** What the HTTP flow answers a cross-site post: `MissingCSRF`, logged, to the sign-in page. */
function refuseCrossSite(prepared: PreparedConfig, url: URL, reason: string): AuthActionResult {
  return refuse(
    prepared,
    url,
    `The server-side ${url.pathname} request comes from another site (${reason}). Call it from a page of this origin.`,
  )
}

/**
 * A sign-in, sign-out or session update in a GET or HEAD request is refused as a cross-site
 * post is (the routes refuse state changes without a CSRF token with `MissingCSRF` too).
 */
function refuseSafeMethod(
  prepared: PreparedConfig,
  url: URL,
  method: string,
): AuthActionResult & { error: AuthError } {
  return refuse(
    prepared,
    url,
    `The server-side ${url.pathname} request is a ${method.toUpperCase()}, which must not change state (RFC 9110 §9.2.1). Call it from a form post or a server action, not while rendering a page or answering a GET.`,
  )
}

/** `MissingCSRF` with `message`, logged, answered with the sign-in page as the routes do. */
function refuse(
  prepared: PreparedConfig,
  url: URL,
  message: string,
): AuthActionResult & { error: AuthError } {
  const error = new MissingCSRF(message)
  resolveConfig(prepared.config).logger.error(error)
  const redirect = new URL(prepared.signInPage, url.origin)
  redirect.searchParams.set("error", "MissingCSRF")
  return { error, redirect: redirect.href, status: 302, cookies: [] }
}

/** The internal POST: the incoming request's headers (its cookies), a new body. */
function internalRequest(
  request: Request,
  url: URL,
  body: { form: URLSearchParams } | { json: unknown },
): Request {
  const headers = new Headers(request.headers)
  for (const name of NOT_FORWARDED) headers.delete(name)
  const isJson = "json" in body
  headers.set("content-type", isJson ? "application/json" : "application/x-www-form-urlencoded")
  const internal = new Request(url, {
    method: "POST",
    headers,
    body: isJson ? JSON.stringify(body.json) : body.form,
  })
  // The same client as the incoming request, for its rate limits.
  return attachClientAddress(internal, peerAddressOf(request))
}

function originOf(request: Request, prepared: PreparedConfig): string {
  return resolveRequestURL(request, { url: prepared.config.url }).origin
}

/** `redirectTo`, else the page the request came from (`Referer`), else `/`. */
function callbackUrlOf(request: Request, redirectTo: string | undefined): string {
  if (redirectTo !== undefined && redirectTo !== "") return redirectTo
  return request.headers.get("referer") ?? "/"
}

/** Whether two redirect targets name the same URL, relative ones resolved against `origin`. */
function sameTarget(a: string, b: string, origin: string): boolean {
  return URL.canParse(a, origin) && URL.canParse(b, origin)
    ? new URL(a, origin).href === new URL(b, origin).href
    : false
}

/**
 * The type of a provider of the config by id, or `undefined` when it has none. A listed provider
 * left out (not configured) counts: its sign-in runs and fails with the `Configuration` error,
 * as the routes answer it, instead of silently showing the sign-in page.
 */
function findProvider(prepared: PreparedConfig, id: string): string | undefined {
  const config = resolveConfig(prepared.config)
  return (config.providerById.get(id) ?? config.unavailableProviders.get(id))?.type
}

function locationOf(result: ResponseInternal): string | undefined {
  const headers = new Headers(result.headers as HeadersInit | undefined)
  return headers.get("location") ?? undefined
}

function asAuthError(error: unknown): AuthError {
  return error instanceof AuthError
    ? error
    : new AuthError(error instanceof Error ? error : String(error))
}
