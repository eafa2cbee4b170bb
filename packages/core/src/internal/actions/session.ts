import { rateLimitOf } from "../config/rate-limits.js"
import { type ActionResult, json, NO_STORE_HEADERS } from "../http/action-result.js"
import { type AuthContext, assertCsrf } from "../request/context.js"
import { readSession } from "../session/session.js"
import { limitClient } from "./rate-limits.js"

/**
 * GET `/session`: the session, or `null`. POST `/session` (CSRF-checked): updates it with the
 * body's `data` through the `jwt` (trigger `update`) or `session` callback and returns it;
 * limited per client (`rateLimit.sessionUpdate`).
 */
export async function sessionAction(context: AuthContext): Promise<ActionResult> {
  if (context.request.method === "POST") {
    await assertCsrf(context)
    await limitClient(context, rateLimitOf(context.config).sessionUpdate, "session-update")
    const { session, cookies } = await readSession(context, { data: context.request.body?.data })
    return json(session as unknown as Record<string, unknown> | null, { cookies })
  }
  const { session, cookies } = await readSession(context)
  return json(session as unknown as Record<string, unknown> | null, {
    cookies,
    headers: NO_STORE_HEADERS,
  })
}
