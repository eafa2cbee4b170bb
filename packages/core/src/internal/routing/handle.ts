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
import type { ActionResult } from "./action-result.js"
import { type AuthContext, createContext } from "./context.js"
import { actionErrorResponse, configErrorResponse } from "./errors.js"
import { type AuthRequest, parseRequest, RequestRejected } from "./parse-request.js"
import { jsonResponse, toResponse, toReturnedRedirect, withCookies } from "./respond.js"

// The built-in pages (and with them preact) load with the first page served.
const pagesModule = lazyModule(() => import("../actions/pages.js"))

/** A config, or a function of the request that returns one (sync or async). */
export type AuthConfigInput = AuthConfig | ((request: Request) => AuthConfig | Promise<AuthConfig>)

/** Handles one request; returns the internal response in raw mode, else a web `Response`. */
export async function handleAuth(
  request: Request,
  input: AuthConfigInput,
): Promise<Response | ResponseInternal> {
  const config = resolveConfig(typeof input === "function" ? await input(request) : input)
  let parsed: AuthRequest
  try {
    parsed = await parseRequest(request, config.basePath)
  } catch (error) {
    return rejectRequest(config, error)
  }
  if (config.error) return configErrorResponse(config, parsed)

  const context = createContext(config, parsed)
  let result: ActionResult
  try {
    result = withCookies(await dispatch(context), context.setCookies)
  } catch (error) {
    const authError = error instanceof Error ? error : new Error(String(error))
    config.logger.error(authError)
    if (config.raw && error instanceof AuthError && !parsed.headers.has("X-Auth-Return-Redirect")) {
      throw error
    }
    return actionErrorResponse(context, error)
  }
  if (config.raw) return result
  const response = toResponse(result)
  return parsed.headers.has("X-Auth-Return-Redirect") ? toReturnedRedirect(response) : response
}

function rejectRequest(config: ResolvedConfig, error: unknown): Response {
  if (error instanceof RequestRejected) {
    config.logger.error(new UnknownAction(error.message, { cause: error.detail }))
    const messages = {
      400: "Bad request.",
      413: "Request body too large.",
      415: "Unsupported content type.",
    }
    return jsonResponse(messages[error.status], error.status)
  }
  config.logger.error(error instanceof Error ? error : new Error(String(error)))
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
