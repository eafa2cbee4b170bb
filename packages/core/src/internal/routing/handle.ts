import { AuthError, RateLimited, UnknownAction } from "../../errors.js"
import type { AuthConfig, ResponseInternal } from "../../types.js"
import { accountsAction } from "../actions/accounts.js"
import { callbackAction } from "../actions/callback.js"
import { csrfAction } from "../actions/csrf.js"
import { healthAction } from "../actions/health.js"
import { passkeysAction } from "../actions/passkeys.js"
import { providersAction } from "../actions/providers.js"
import { limitPost } from "../actions/rate-limits.js"
import { sessionAction } from "../actions/session.js"
import { sessionsAction } from "../actions/sessions.js"
import { signInAction } from "../actions/signin.js"
import { signOutAction } from "../actions/signout.js"
import { webAuthnOptionsAction } from "../actions/webauthn-options.js"
import { serviceErrorOf } from "../config/rate-limits.js"
import { type ResolvedConfig, resolveConfig } from "../config/resolve-config.js"
import type { ActionResult } from "../http/action-result.js"
import { rejectionResponse } from "../http/rejections.js"
import { jsonResponse, toResponse, toReturnedRedirect, withCookies } from "../http/respond.js"
import { lazyModule } from "../lazy.js"
import { consoleLogger } from "../logger.js"
import type { AuthRequest } from "../request/auth-request.js"
import { type AuthContext, createContext } from "../request/context.js"
import { actionErrorResponse, CONFIG_ERROR_BODY, configErrorResponse } from "./errors.js"
import { assertActionServed, parseRequest, RequestRejected } from "./parse-request.js"

// The built-in pages (and with them preact) load with the first page served.
const pagesModule = /* @__PURE__ */ lazyModule(() => import("../actions/pages.js"))

/** A config, or a function of the request that returns one (sync or async). */
export type AuthConfigInput = AuthConfig | ((request: Request) => AuthConfig | Promise<AuthConfig>)

/**
 * Handles one request; returns the internal response in raw mode, else a web `Response`. Only
 * raw mode's client-facing `AuthError`s are thrown: any other failure, wherever it happens
 * (the config function, an action, building the response), is logged and answered.
 */
export async function handleAuth(
  request: Request,
  input: AuthConfigInput,
): Promise<Response | ResponseInternal> {
  let config: ResolvedConfig
  try {
    config = resolveConfig(typeof input === "function" ? await input(request) : input)
  } catch (error) {
    consoleLogger.error(asError(error))
    return jsonResponse(CONFIG_ERROR_BODY, 500)
  }
  const returnsRedirect = request.headers.has("X-Auth-Return-Redirect")
  const outcome = await runAction(request, config)
  if ("response" in outcome) {
    if (config.raw && outcome.byAction && outcome.error instanceof AuthError && !returnsRedirect) {
      throw outcome.error
    }
    return outcome.response
  }
  if (config.raw) return outcome.result
  try {
    const response = toResponse(outcome.result)
    return returnsRedirect ? toReturnedRedirect(response) : response
  } catch (error) {
    // A header or cookie the platform refuses (a custom callback's value, say).
    config.logger.error(asError(error))
    return answerSafely(config, () => actionErrorResponse(outcome.context, error))
  }
}

/** What an action gave a server-side call (`signIn`, `signOut`, a session update). */
export type ServerActionOutcome =
  | { readonly result: ResponseInternal; readonly error?: undefined }
  | { readonly error: unknown; readonly response: Response }

/**
 * Runs one action for server code, as `handleAuth` in raw mode does, but every failure comes
 * back as data: the error (logged) with the answer the HTTP flow would have given it (the
 * sign-in or error page with `?error=`, a `503` for a database outage, a `400`…).
 */
export function runServerAction(request: Request, input: AuthConfig): Promise<ServerActionOutcome> {
  return runAction(request, resolveConfig(input))
}

/** An action's result with its context, or the failure with the answer it gets. */
type ActionOutcome =
  | { readonly result: ActionResult; readonly context: AuthContext; readonly error?: undefined }
  | {
      readonly error: unknown
      readonly response: Response
      /** Thrown by the action (not a refused request or a configuration error). */
      readonly byAction: boolean
    }

/** The steps both entry points share: parse the request, refuse a bad config, dispatch. */
async function runAction(request: Request, config: ResolvedConfig): Promise<ActionOutcome> {
  let parsed: AuthRequest
  try {
    parsed = await parseRequest(request, config.basePath, config.origin)
    assertActionServed(parsed, config.providers)
  } catch (error) {
    return { error, response: rejectRequest(config, error), byAction: false }
  }
  const configError = serviceErrorOf(config)
  if (configError) {
    const response = await answerSafely(config, () =>
      configErrorResponse(config, configError, parsed),
    )
    return { error: configError, response, byAction: false }
  }
  const context = createContext(config, parsed)
  try {
    return { result: withCookies(await dispatch(context), context.setCookies), context }
  } catch (error) {
    // A refusal by a rate limit was told once, as a warning, when it was decided.
    if (!(error instanceof RateLimited)) config.logger.error(asError(error))
    const response = await answerSafely(config, () => actionErrorResponse(context, error))
    return { error, response, byAction: true }
  }
}

/** Builds an error answer; if even that fails (a `pages.*` URL no header can carry), a 500. */
async function answerSafely(
  config: ResolvedConfig,
  build: () => Response | Promise<Response>,
): Promise<Response> {
  try {
    return await build()
  } catch (error) {
    config.logger.error(asError(error))
    return jsonResponse(CONFIG_ERROR_BODY, 500)
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}

function rejectRequest(config: ResolvedConfig, error: unknown): Response {
  if (error instanceof RequestRejected) {
    config.logger.error(new UnknownAction(error.message, { cause: error.detail }))
    return rejectionResponse(error.status)
  }
  config.logger.error(asError(error))
  return rejectionResponse(400)
}

async function dispatch(context: AuthContext): Promise<ActionResult> {
  const { method, action } = context.request
  if (method === "GET") {
    switch (action) {
      case "csrf":
        return csrfAction(context)
      case "providers":
        return providersAction(context)
      case "session":
        return sessionAction(context)
      case "signin":
        return (await pagesModule()).signInPageAction(context)
      case "signout":
        return (await pagesModule()).signOutPageAction(context)
      case "error":
        return (await pagesModule()).errorPageAction(context)
      case "verify-request":
        return (await pagesModule()).verifyRequestPageAction(context)
      case "callback":
        return callbackAction(context)
      case "webauthn-options":
        return webAuthnOptionsAction(context)
      case "passkeys":
        return passkeysAction(context)
      case "sessions":
        return sessionsAction(context)
      case "accounts":
        return accountsAction(context)
      case "health":
        return healthAction(context)
      default:
        break
    }
  } else {
    await limitPost(context)
    switch (action) {
      case "session":
        return sessionAction(context)
      case "signin":
        return signInAction(context)
      case "signout":
        return signOutAction(context)
      case "callback":
        return callbackAction(context)
      case "passkeys":
        return passkeysAction(context)
      case "sessions":
        return sessionsAction(context)
      case "accounts":
        return accountsAction(context)
      default:
        break
    }
  }
  throw new UnknownAction(`${method} ${context.basePath}/${action} is not an action.`)
}
