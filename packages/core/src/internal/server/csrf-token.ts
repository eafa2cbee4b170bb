import type { Cookie } from "../../types.js"
import { resolveConfig } from "../config/resolve-config.js"
import { parseSessionRequest } from "../request/auth-request.js"
import { createContext, csrfTokenOf } from "../request/context.js"
import type { PreparedConfig } from "./prepare-config.js"

/** A CSRF token for a server-rendered form, and the cookie that must go with it. */
export interface CsrfTokenResult {
  /** The token for the form's `csrfToken` field; `""` when the config has a mistake (logged). */
  readonly token: string
  /** The CSRF cookie to set on the page's response, when the request had no valid one. */
  readonly cookies: Cookie[]
}

/**
 * The CSRF token for a form that posts to the auth routes from a page rendered on the server
 * (a sign-out button that works without JavaScript, a custom sign-in page): what GET
 * `<basePath>/csrf` answers for this request. Set `cookies` on the page's response, so the
 * form's token and the browser's cookie match.
 *
 * @param request the page's request, on the app's URL (`PreparedConfig.requestURL`)
 */
export async function getCsrfToken(
  request: Request,
  prepared: PreparedConfig,
): Promise<CsrfTokenResult> {
  const resolved = resolveConfig(prepared.config)
  if (resolved.error) {
    resolved.logger.error(resolved.error)
    return { token: "", cookies: [] }
  }
  const context = createContext(resolved, parseSessionRequest(request, resolved.origin))
  const token = await csrfTokenOf(context)
  return { token, cookies: context.setCookies }
}
