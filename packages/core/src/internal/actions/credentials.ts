import { AuthError, CallbackRouteError, CredentialsSignin } from "../../errors.js"
import type { CredentialsConfig } from "../../providers/credentials.js"
import type { Account, User } from "../../types/user.js"
import { emitEvent } from "../config/resolve-config.js"
import { isDatabaseUnavailable } from "../database-unavailable.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { type AuthContext, assertCsrf, callbackUrlOf, replayRequest } from "../request/context.js"
import { establishSession } from "../session/session.js"
import { authorizeSignIn } from "./authorize-sign-in.js"
import { handleLoginOrRegister, type LoginResult } from "./handle-login.js"
import {
  admitCredentials,
  recordCredentialsFailure,
  recordCredentialsSuccess,
} from "./rate-limits.js"

/**
 * POST `/callback/<credentials id>` (CSRF-checked): `authorize` decides; on success the session
 * starts and the user goes to the callback URL.
 *
 * With the database strategy the session is stored for a stored user: the one with the `id`
 * `authorize` returned, else the one with its `email`, else one created from its `name`, `email`
 * and `image` (see `handleLoginOrRegister`). A user with neither a stored `id` nor an `email`
 * is a configuration error.
 *
 * Limited before `authorize` runs (`rateLimit.credentials`): the client's failures, the
 * identifier's attempts and lockout; a failure (`authorize` returned nothing or threw, unless
 * the database is unreachable) counts towards both, a success clears the identifier's.
 *
 * @throws {CredentialsSignin} when `authorize` returns nothing or throws one (its `code` is kept)
 * @throws {RateLimited} when a limit or lockout refuses the attempt (`authorize` is not run)
 */
export async function credentialsCallback(
  context: AuthContext,
  provider: CredentialsConfig,
): Promise<ActionResult> {
  await assertCsrf(context)
  const callbackUrl = await callbackUrlOf(context)
  const credentials = { ...context.request.body }
  const attempt = await admitCredentials(
    context,
    credentials,
    Object.keys(provider.credentials ?? {}),
  )
  let authorized: User
  try {
    authorized = await runAuthorize(context, provider, credentials)
  } catch (error) {
    // Any refusal counts, a plain `throw new Error("Invalid credentials")` too (the error page
    // then): only an outage, which is nobody's wrong password, does not.
    if (!isDatabaseUnavailable(error)) await recordCredentialsFailure(context, attempt)
    throw error
  }
  recordCredentialsSuccess(context, attempt)
  const user: User = {
    ...authorized,
    id: authorized.id ? String(authorized.id) : crypto.randomUUID(),
  }
  const account: Account = {
    providerAccountId: user.id!,
    type: "credentials",
    provider: provider.id,
  }
  const redirect = await authorizeSignIn(context, { user, account, credentials })
  if (redirect) return redirectTo(redirect)
  const login = await handleLoginOrRegister(context, { user, account })
  const cookies = await establishSession(context, {
    user: login.user,
    account: login.account,
    isNewUser: false,
    trigger: "signIn",
  })
  await emitEvent(context.config, "signIn", signInMessage(user, account, login))
  return redirectTo(callbackUrl, cookies)
}

/**
 * The `signIn` event's message: `authorize`'s user, as in Auth.js; with a database session, the
 * stored user and whether this sign-in created it.
 */
function signInMessage(user: User, account: Account, login: LoginResult) {
  if (login.user === user) return { user, account }
  return { user: login.user, account: login.account, isNewUser: login.isNewUser }
}

async function runAuthorize(
  context: AuthContext,
  provider: CredentialsConfig,
  credentials: Record<string, unknown>,
): Promise<User> {
  const request = replayRequest(context, credentials)
  let user: User | null
  try {
    user = await provider.authorize(credentials, request)
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new CallbackRouteError(error instanceof Error ? error : new Error(String(error)), {
      provider: provider.id,
    })
  }
  if (!user) throw new CredentialsSignin("The authorize callback returned no user.")
  const wrong = wrongUserField(user)
  if (wrong) {
    throw new CallbackRouteError(
      new TypeError(
        `The authorize callback returned a user whose ${wrong}; it is not signed in. Return the stored user's fields, not the submitted ones.`,
      ),
      { provider: provider.id },
    )
  }
  return user
}

/**
 * The first field of `authorize`'s user that is not what a user holds (`id` a string or number,
 * `name`, `email` and `image` strings, each optional), described; `undefined` when all are. An
 * `authorize` that copies a submitted field into its user would otherwise hand the adapter
 * whatever the request held: `{ "email": { "$ne": 1 } }` in a JSON body is an object, and a
 * query on it may match another user.
 */
function wrongUserField(user: User): string | undefined {
  const { id, name, email, image } = user as Record<string, unknown>
  if (id !== undefined && id !== null && typeof id !== "string" && typeof id !== "number") {
    return `id is ${describeType(id)}`
  }
  for (const [field, value] of [
    ["name", name],
    ["email", email],
    ["image", image],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== "string") {
      return `${field} is ${describeType(value)}`
    }
  }
  return undefined
}

/** "an array", "an object", "a boolean"…: what a value is, never what it holds. */
function describeType(value: unknown): string {
  if (Array.isArray(value)) return "an array"
  const type = typeof value
  return type === "object" ? "an object" : `a ${type}`
}
