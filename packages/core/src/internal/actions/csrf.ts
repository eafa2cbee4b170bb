import type { ActionResult } from "../http/action-result.js"
import { json, NO_STORE_HEADERS } from "../http/action-result.js"
import { type AuthContext, csrfTokenOf } from "../request/context.js"

/**
 * GET `/csrf`: the CSRF token to post with state-changing requests, as `{ csrfToken }`. With
 * the check skipped there is no token: 404, and any stale CSRF cookie is deleted.
 */
export async function csrfAction(context: AuthContext): Promise<ActionResult> {
  if (context.config.skipCSRFCheck) {
    context.config.logger.warn("csrf-disabled")
    const { name, options } = context.cookies.csrfToken
    return { status: 404, cookies: [{ name, value: "", options: { ...options, maxAge: 0 } }] }
  }
  const csrfToken = await csrfTokenOf(context)
  return json({ csrfToken }, { headers: NO_STORE_HEADERS })
}
