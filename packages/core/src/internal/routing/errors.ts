import {
  AuthError,
  CredentialsSignin,
  ErrorPageLoop,
  type ErrorType,
  isClientError,
  OAuthCallbackError,
  RateLimited,
} from "../../errors.js"
import type { ResolvedConfig } from "../config/resolve-config.js"
import { isDatabaseUnavailable } from "../database-unavailable.js"
import { CONFIG_ERROR_MESSAGE } from "../http/config-error.js"
import { parseMediaType } from "../http/media-type.js"
import { pageHeaders } from "../http/page-headers.js"
import { prefersJson } from "../http/prefers-json.js"
import { jsonResponse } from "../http/respond.js"
import { unavailableResponse } from "../http/unavailable.js"
import { lazyModule } from "../lazy.js"
import type { AuthRequest } from "../request/auth-request.js"
import type { AuthContext } from "../request/context.js"

/** The body of every 500 for a config mistake: the cause is in the log, never in the response. */
export const CONFIG_ERROR_BODY = { message: CONFIG_ERROR_MESSAGE }

// The error page (and with it preact) loads with the first config error a page request meets.
const renderModule = /* @__PURE__ */ lazyModule(() => import("../pages/render.js"))

const PAGE_ACTIONS = new Set(["signin", "signout", "error", "verify-request"])

/**
 * Error types whose value on the sign-in page has an older name of its own
 * (`SignInPageErrorParam`), which custom sign-in pages switch on.
 */
const PAGE_ERROR_VALUES: Partial<Record<ErrorType, string>> = {
  OAuthSignInError: "OAuthSignin",
  EmailSignInError: "EmailSignin",
}

/** Resolves a `pages.*` value against the origin unless it is already absolute. */
function pageUrl(origin: string, page: string): string {
  return URL.canParse(page) ? page : `${origin}${page}`
}

/**
 * The response to a config mistake (found when the config was resolved): for page requests, a
 * redirect to `pages.error`, or the built-in error page with status 500; else `500` with a JSON
 * message. The cause is logged, never sent.
 *
 * A custom error page that itself needs a session would send the browser to sign in, which
 * fails again and redirects back: a loop. As in Auth.js, a page request whose `callbackUrl` is
 * the error page gets the built-in page instead, and `ErrorPageLoop` is logged.
 */
export async function configErrorResponse(
  config: ResolvedConfig,
  error: AuthError,
  request: Pick<AuthRequest, "method" | "action" | "url" | "query">,
): Promise<Response> {
  config.logger.error(error)
  if (request.method !== "GET" || !PAGE_ACTIONS.has(request.action)) {
    return jsonResponse(CONFIG_ERROR_BODY, 500)
  }
  const { origin } = request.url
  const custom = config.pages.error
  if (custom) {
    const target = new URL(pageUrl(origin, custom))
    if (namesPage(request.query.callbackUrl, custom, target)) {
      config.logger.error(
        new ErrorPageLoop(
          `The error page ${custom} should not require authentication: the sign-in it sends to fails with the same configuration error. The built-in error page was shown instead.`,
          { cause: error },
        ),
      )
    } else if (request.url.pathname !== target.pathname) {
      target.searchParams.set("error", "Configuration")
      return Response.redirect(target.href, 302)
    }
  }
  const { renderErrorPage } = await renderModule()
  const page = renderErrorPage({
    error: "Configuration",
    origin,
    signInUrl: `${origin}${config.basePath}/signin`,
    theme: config.theme,
  })
  return new Response(page.html, {
    status: page.status,
    headers: pageHeaders(config.frameAncestors),
  })
}

/**
 * Whether a `callbackUrl` leads back to a page: it starts with the configured value (Auth.js's
 * test), or names the same origin and path.
 */
function namesPage(callbackUrl: string | undefined, configured: string, page: URL): boolean {
  if (callbackUrl === undefined || callbackUrl === "") return false
  if (callbackUrl.startsWith(configured)) return true
  if (!URL.canParse(callbackUrl, page.origin)) return false
  const target = new URL(callbackUrl, page.origin)
  return target.origin === page.origin && target.pathname === page.pathname
}

/**
 * The response to an error thrown by an action. Users see only client-safe error types (any
 * other becomes `Configuration`) on the sign-in or error page its `kind` names; the full error
 * was logged by the caller. No cookie is set on this path. A database outage (see
 * `isDatabaseUnavailable`) is answered `503` instead: nothing is wrong with the request.
 */
export function actionErrorResponse(context: AuthContext, error: unknown): Response {
  const { request, config } = context
  if (isDatabaseUnavailable(error)) return unavailableResponse()
  if (error instanceof RateLimited && wantsJson(request)) return rateLimitedResponse(error)
  if (request.method === "POST" && request.action === "session") return jsonResponse(null, 400)
  if (request.action === "passkeys") {
    // A JSON API: the error's type (client-safe ones only), never a page.
    return isClientError(error)
      ? jsonResponse({ error: error.type }, 400)
      : jsonResponse({ error: "Configuration" }, 500)
  }
  const type = isClientError(error) ? error.type : "Configuration"
  const params = new URLSearchParams({ error: PAGE_ERROR_VALUES[type as ErrorType] ?? type })
  if (error instanceof CredentialsSignin) params.set("code", error.code)
  else if (isCancelledAtProvider(error)) params.set("code", "access_denied")
  const kind = error instanceof AuthError && error.kind === "signIn" ? "signIn" : "error"
  const page = config.pages[kind]
  const base = page
    ? pageUrl(context.origin, page)
    : `${context.origin}${context.basePath}/${kind.toLowerCase()}`
  const url = `${base}${base.includes("?") ? "&" : "?"}${params}`
  if (request.headers.has("X-Auth-Return-Redirect")) return jsonResponse({ url }, 200)
  return new Response(null, { status: 302, headers: { Location: url } })
}

/**
 * Whether the OAuth provider answered the authorization request with `access_denied` (RFC 6749
 * §4.1.2.1: the user cancelled or refused consent). The sign-in page gets `code=access_denied`
 * next to `error=OAuthCallbackError` (an addition: the `error` stays Auth.js's) and reads it as a
 * cancel. Only that registered code is copied into the URL, never the provider's other values.
 */
function isCancelledAtProvider(error: unknown): boolean {
  if (!(error instanceof OAuthCallbackError)) return false
  const cause: unknown = error.cause
  return (
    typeof cause === "object" &&
    cause !== null &&
    !(cause instanceof Error) &&
    (cause as { err?: unknown }).err === undefined &&
    (cause as { error?: unknown }).error === "access_denied"
  )
}

/**
 * Whether a refused request is a script's: `X-Auth-Return-Redirect` (the browser clients), an
 * `Accept` that prefers JSON, a JSON body, or a JSON action (`POST /session`, `/passkeys`…).
 */
function wantsJson(request: AuthRequest): boolean {
  const { headers, action } = request
  return (
    headers.has("X-Auth-Return-Redirect") ||
    prefersJson(headers) ||
    parseMediaType(headers.get("content-type")) === "application/json" ||
    action === "session" ||
    action === "passkeys" ||
    action === "sessions" ||
    action === "accounts"
  )
}

/** `429 { "error": "RateLimited" }` with `Retry-After` (RFC 6585 §4) in whole seconds. */
function rateLimitedResponse(error: RateLimited): Response {
  const seconds = Math.max(1, Math.ceil((error.retryAt - Date.now()) / 1000))
  return new Response(JSON.stringify({ error: "RateLimited" }), {
    status: 429,
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      "Retry-After": String(seconds),
    },
  })
}
