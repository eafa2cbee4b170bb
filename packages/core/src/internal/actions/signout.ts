import { type ActionResult, redirectTo } from "../http/action-result.js"
import { type AuthContext, assertCsrf, callbackUrlOf } from "../request/context.js"
import { endSession } from "../session/session.js"

/** POST `/signout` (CSRF-checked): ends the session and redirects to the callback URL. */
export async function signOutAction(context: AuthContext): Promise<ActionResult> {
  await assertCsrf(context)
  const callbackUrl = await callbackUrlOf(context)
  const cookies = await endSession(context)
  return redirectTo(callbackUrl, cookies)
}
