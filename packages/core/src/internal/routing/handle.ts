import { AuthError, UnknownAction } from "../../errors.js"
import type { AuthConfig, ResponseInternal } from "../../types.js"
import { callbackAction } from "../actions/callback.js"
import { csrfAction } from "../actions/csrf.js"
import { providersAction } from "../actions/providers.js"
import { sessionAction } from "../actions/session.js"
import { signInAction } from "../actions/signin.js"
import { signOutAction } from "../actions/signout.js"
import { type ResolvedConfig, resolveConfig } from "../config/resolve-config.js"
import { lazyModule } from "../lazy.js"
import { consoleLogger } from "../logger.js"
import type { ActionResult } from "./action-result.js"
import { type AuthContext, createContext } from "./context.js"
import { actionErrorResponse, CONFIG_ERROR_BODY, configErrorResponse } from "./errors.js"
import { type AuthRequest, parseRequest, RequestRejected } from "./parse-request.js"
import { jsonResponse, toResponse, toReturnedRedirect, withCookies } from "./respond.js"

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
  let parsed: AuthRequest
  try {
    parsed = await parseRequest(request, config.basePath, config.origin)
  } catch (error) {
    return rejectRequest(config, error)
  }
  if (config.error) return answerSafely(config, () => configErrorResponse(config, parsed))

  const context = createContext(config, parsed)
  let result: ActionResult
  try {
    result = withCookies(await dispatch(context), context.setCookies)
  } catch (error) {
    config.logger.error(asError(error))
    if (config.raw && error instanceof AuthError && !parsed.headers.has("X-Auth-Return-Redirect")) {
      throw error
    }
    return answerSafely(config, () => actionErrorResponse(context, error))
  }
  if (config.raw) return result
  try {
    const response = toResponse(result)
    return parsed.headers.has("X-Auth-Return-Redirect") ? toReturnedRedirect(response) : response
  } catch (error) {
    // A header or cookie the platform refuses (a custom callback's value, say).
    config.logger.error(asError(error))
    return answerSafely(config, () => actionErrorResponse(context, error))
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
export async function runServerAction(
  request: Request,
  input: AuthConfig,
): Promise<ServerActionOutcome> {
  const config = resolveConfig(input)
  let parsed: AuthRequest
  try {
    parsed = await parseRequest(request, config.basePath, config.origin)
  } catch (error) {
    return { error, response: rejectRequest(config, error) }
  }
  if (config.error) {
    return { error: config.error, response: await configErrorResponse(config, parsed) }
  }
  const context = createContext(config, parsed)
  try {
    return { result: withCookies(await dispatch(context), context.setCookies) }
  } catch (error) {
    config.logger.error(asError(error))
    return {
      error,
      response: await answerSafely(config, () => actionErrorResponse(context, error)),
    }
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
    const messages = {
      400: "Bad request.",
      405: "Method not allowed.",
      413: "Request body too large.",
      415: "Unsupported content type.",
    }
    const response = jsonResponse(messages[error.status], error.status)
    if (error.status === 405) response.headers.set("Allow", "GET, POST")
    return response
  }
  config.logger.error(asError(error))
  return jsonResponse("Bad request.", 400)
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
      default:
        break
    }
  } else {
    switch (action) {
      case "session":
        return sessionAction(context)
      case "signin":
        return signInAction(context)
      case "signout":
        return signOutAction(context)
      case "callback":
        return callbackAction(context)
      default:
        break
    }
  }
  throw new UnknownAction(`${method} ${context.basePath}/${action} is not an action.`)
}
