import { JWTSessionError } from "../../errors.js"
import { rateLimitOf } from "../config/rate-limits.js"
import { type ActionResult, json, NO_STORE_HEADERS } from "../http/action-result.js"
import { type AuthContext, assertCsrf } from "../request/context.js"
import { readSession, type SessionRead } from "../session/session.js"
import { clearSessionCookies } from "../session/session-cookie.js"
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
    const { session, cookies } = await readOrEnd(context, { data: context.request.body?.data })
    return json(session as unknown as Record<string, unknown> | null, { cookies })
  }
  const { session, cookies } = await readOrEnd(context)
  return json(session as unknown as Record<string, unknown> | null, {
    cookies,
    headers: NO_STORE_HEADERS,
  })
}

/**
 * The session read (or update) the route answers. With the JWT strategy, a `jwt` or `session`
 * callback (or a custom `jwt.encode`) that throws ends the session, as in Auth.js: logged as
 * `JWTSessionError`, `null`, and the session cookie deleted (apps throw there to sign a user
 * out). Anything else still fails the request: a database that cannot be reached is a `503`
 * (nobody is signed out by an outage), a session store that answers what it cannot read is the
 * configuration error. The database strategy answers its own failures with `null` (see
 * `readDatabaseSession`).
 */
async function readOrEnd(context: AuthContext, update?: { data: unknown }): Promise<SessionRead> {
  try {
    return await readSession(context, update)
  } catch (error) {
    if (!(error instanceof JWTSessionError)) throw error
    context.config.logger.error(error)
    return { session: null, cookies: clearSessionCookies(context) }
  }
}
