import { AccessDenied, AuthError } from "../../errors.js"
import type { SignInCallbackParams } from "../../types.js"
import { type AuthContext, redirectTarget } from "../request/context.js"

/**
 * Runs the `signIn` callback. Returns `undefined` to continue, or the URL to redirect to when
 * the callback returned one.
 *
 * @throws {AccessDenied} when the callback returns a falsy value or throws a non-`AuthError`
 */
export async function authorizeSignIn(
  context: AuthContext,
  params: SignInCallbackParams,
): Promise<string | undefined> {
  let result: boolean | string
  try {
    result = await context.config.callbacks.signIn(params)
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AccessDenied(error instanceof Error ? error : new Error(String(error)))
  }
  if (typeof result === "string") return redirectTarget(context, result)
  if (!result) throw new AccessDenied("The signIn callback refused the sign-in.")
  return undefined
}
