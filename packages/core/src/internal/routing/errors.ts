import { AuthError, CredentialsSignin, type ErrorType, isClientError } from "../../errors.js"
import type { ResolvedConfig } from "../config/resolve-config.js"
import { lazyModule } from "../lazy.js"
import type { AuthContext } from "./context.js"
import { jsonResponse } from "./respond.js"

const CONFIG_ERROR_BODY = {
  message:
    "There was a problem with the server configuration. Check the server logs for more information.",
}

// The error page (and with it preact) loads with the first config error a page request meets.
const renderModule = lazyModule(() => import("../pages/render.js"))

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
 * The response to a config mistake (found when the config was resolved): the error page with
 * status 500 for page requests, else `500` with a JSON message. The cause is logged, never sent.
 */
export async function configErrorResponse(
  config: ResolvedConfig,
  request: { method: string; action: string; url: URL },
): Promise<Response> {
  config.logger.error(config.error!)
  if (request.method !== "GET" || !PAGE_ACTIONS.has(request.action)) {
    return jsonResponse(CONFIG_ERROR_BODY, 500)
  }
  const custom = config.pages.error
  if (custom && request.url.pathname !== new URL(pageUrl(request.url.origin, custom)).pathname) {
    const target = new URL(pageUrl(request.url.origin, custom))
    target.searchParams.set("error", "Configuration")
    return Response.redirect(target.href, 302)
  }
  const { renderErrorPage } = await renderModule()
  const page = renderErrorPage({
    error: "Configuration",
    origin: request.url.origin,
    signInUrl: `${request.url.origin}${config.basePath}/signin`,
    theme: config.theme,
  })
  return new Response(page.html, { status: page.status, headers: { "Content-Type": "text/html" } })
}

/**
 * The response to an error thrown by an action. Users see only client-safe error types (any
 * other becomes `Configuration`) on the sign-in or error page its `kind` names; the full error
 * was logged by the caller. No cookie is set on this path.
 */
export function actionErrorResponse(context: AuthContext, error: unknown): Response {
  const { request, config } = context
  if (request.method === "POST" && request.action === "session") return jsonResponse(null, 400)
  const type = isClientError(error) ? error.type : "Configuration"
  const params = new URLSearchParams({ error: PAGE_ERROR_VALUES[type as ErrorType] ?? type })
  if (error instanceof CredentialsSignin) params.set("code", error.code)
  const kind = error instanceof AuthError && error.kind === "signIn" ? "signIn" : "error"
  const page = config.pages[kind]
  const base = page
    ? pageUrl(context.origin, page)
    : `${context.origin}${context.basePath}/${kind.toLowerCase()}`
  const url = `${base}${base.includes("?") ? "&" : "?"}${params}`
  if (request.headers.has("X-Auth-Return-Redirect")) return jsonResponse({ url }, 200)
  return new Response(null, { status: 302, headers: { Location: url } })
}
