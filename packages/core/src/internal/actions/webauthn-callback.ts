import type { Adapter, AdapterAuthenticator, AdapterUser } from "../../adapters.js"
import { AccountNotLinked, AuthError, WebAuthnVerificationError } from "../../errors.js"
import type { WebAuthnConfig } from "../../providers/webauthn.js"
import type { Account, User } from "../../types/user.js"
import { rateLimitOf } from "../config/rate-limits.js"
import { emitEvent } from "../config/resolve-config.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { encodeBase64 } from "../jwt/base64url.js"
import { type AuthContext, callbackUrlOf } from "../request/context.js"
import { establishSession } from "../session/session.js"
import { type ChallengePayload, clearChallenge, consumeChallenge } from "../webauthn/challenge.js"
import { fromBase64, storedCredentialId } from "../webauthn/encoding.js"
import {
  challengeScopeOf,
  relyingPartyOf,
  simpleWebAuthnOf,
  transportsOf,
  type WebAuthnScope,
  webAuthnScopeOf,
} from "../webauthn/provider.js"
import { authorizeSignIn } from "./authorize-sign-in.js"
import { createUser, type LoginResult, linkAccount } from "./handle-login.js"
import { limitClient } from "./rate-limits.js"
import { sessionUserOf } from "./webauthn-options.js"
import { withQuery } from "./with-query.js"

/** A verified ceremony: the user it signs in, the account, and a new authenticator to store. */
interface Ceremony {
  readonly login: LoginResult
  readonly account: Account
  /** Set for a registration: stored once the user is. */
  readonly authenticator?: Omit<AdapterAuthenticator, "userId">
}

/**
 * POST `/callback/<WebAuthn provider>` with `action` (`register` or `authenticate`) and `data`
 * (the browser's response, as JSON): verifies the response against the challenge cookie (used
 * once), stores a registration's user, account and authenticator or updates an
 * authentication's counter, then starts the session and redirects as an OAuth sign-in does.
 * Any response that does not verify (a malformed one, a wrong action, a missing, stale,
 * replayed or other provider's challenge, an unknown credential, a counter that went back) is
 * a `WebAuthnVerificationError`; nothing is stored for it.
 *
 * @throws {WebAuthnVerificationError} when the response does not verify
 * @throws {AccountNotLinked} when the credential or e-mail belongs to another user than the
 *   signed-in one
 */
export async function webAuthnCallback(
  context: AuthContext,
  config: WebAuthnConfig,
): Promise<ActionResult> {
  const scope = webAuthnScopeOf(context, config)
  const callbackUrl = await callbackUrlOf(context)
  const { action, response } = readResponse(context)
  await limitClient(context, rateLimitOf(context.config).signIn, "sign-in")
  const challengeScope = challengeScopeOf(context, config.id)
  const challenge = await consumeChallenge(challengeScope, context.request.cookies)
  const cleared = clearChallenge(challengeScope)
  const ceremony =
    action === "authenticate"
      ? await authenticate(context, scope, response, challenge)
      : await register(context, scope, response, challenge)
  const { login, account } = ceremony
  const redirect = await authorizeSignIn(context, { user: login.user, account })
  if (redirect) return redirectTo(redirect, [cleared])
  if (ceremony.authenticator) await storeRegistration(context, scope, ceremony)
  const { isNewUser } = login
  const sessionCookies = await establishSession(context, {
    user: login.user,
    account: login.account,
    isNewUser,
    trigger: isNewUser ? "signUp" : "signIn",
    session: login.session,
  })
  await emitEvent(context.config, "signIn", { user: login.user, account: login.account, isNewUser })
  const newUserPage = context.config.pages.newUser
  const target = isNewUser && newUserPage ? withQuery(newUserPage, { callbackUrl }) : callbackUrl
  return redirectTo(target, [cleared, ...sessionCookies])
}

/** The posted `action` and the parsed `data`, or why they are unusable. */
function readResponse(context: AuthContext): {
  action: "register" | "authenticate"
  response: Record<string, unknown> & { id: string }
} {
  const { body } = context.request
  const action = body?.action
  if (action !== "register" && action !== "authenticate") {
    throw new WebAuthnVerificationError(
      `The passkey callback needs "action" set to "register" or "authenticate"; it was ${JSON.stringify(action)}.`,
    )
  }
  let response: unknown
  try {
    response = typeof body?.data === "string" ? JSON.parse(body.data) : undefined
  } catch (error) {
    throw new WebAuthnVerificationError("The passkey callback's data is not JSON.", {
      cause: error,
    })
  }
  if (typeof response !== "object" || response === null || Array.isArray(response)) {
    throw new WebAuthnVerificationError(
      'The passkey callback needs "data": the browser\'s response as a JSON object.',
    )
  }
  const { id } = response as Record<string, unknown>
  if (typeof id !== "string" || id === "") {
    throw new WebAuthnVerificationError("The passkey response has no credential id.")
  }
  return { action, response: response as Record<string, unknown> & { id: string } }
}

async function authenticate(
  context: AuthContext,
  scope: WebAuthnScope,
  response: Record<string, unknown> & { id: string },
  challenge: ChallengePayload,
): Promise<Ceremony> {
  const { provider, adapter } = scope
  const credentialID = storedCredentialId(response.id)
  const authenticator = credentialID ? await adapter.getAuthenticator(credentialID) : null
  // The same answer as for a signature that does not verify: no oracle on stored credentials.
  if (!authenticator) {
    throw new WebAuthnVerificationError("The passkey response does not verify.", {
      cause: new Error(`No authenticator is stored with the credential id ${response.id}.`),
    })
  }
  const rp = relyingPartyOf(context, provider)
  const { verifyAuthenticationResponse } = simpleWebAuthnOf(provider)
  const verification = await verify(() =>
    verifyAuthenticationResponse({
      ...provider.verifyAuthenticationOptions,
      response: response as never,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: response.id,
        publicKey: fromBase64(authenticator.credentialPublicKey),
        counter: authenticator.counter,
        transports: transportsOf(authenticator),
      },
    }),
  )
  const account = await adapter.getAccount(authenticator.providerAccountId, provider.id)
  const owner = account ? await adapter.getUser(account.userId) : null
  if (!account || !owner) {
    throw new WebAuthnVerificationError("The passkey response does not verify.", {
      cause: new Error(
        `The authenticator ${authenticator.credentialID} has no account of provider "${provider.id}", or its user is gone.`,
      ),
    })
  }
  await adapter.updateAuthenticatorCounter(
    authenticator.credentialID,
    verification.authenticationInfo.newCounter,
  )
  // Only who is signed in matters here (not the posted e-mail, which `getUserInfo` would look up).
  const signedIn = await sessionUserOf(context, adapter)
  if (signedIn?.exists && signedIn.user.id !== owner.id) {
    throw new AccountNotLinked("The passkey belongs to another user than the signed-in one.", {
      provider: provider.id,
    })
  }
  const accountOf: Account = {
    providerAccountId: account.providerAccountId,
    provider: provider.id,
    type: "webauthn",
    userId: owner.id,
  }
  return {
    login: { user: owner, account: accountOf, isNewUser: false },
    account: accountOf,
  }
}

async function register(
  context: AuthContext,
  scope: WebAuthnScope,
  response: Record<string, unknown> & { id: string },
  challenge: ChallengePayload,
): Promise<Ceremony> {
  const { provider, adapter } = scope
  const registerData = challenge.registerData
  if (!registerData?.email) {
    throw new WebAuthnVerificationError(
      "The passkey challenge was issued for signing in, not for a registration.",
    )
  }
  const rp = relyingPartyOf(context, provider)
  const { verifyRegistrationResponse } = simpleWebAuthnOf(provider)
  const verification = await verify(() =>
    verifyRegistrationResponse({
      ...provider.verifyRegistrationOptions,
      response: response as never,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
    }),
  )
  const info = verification.registrationInfo
  if (!info) throw new WebAuthnVerificationError("The passkey registration does not verify.")
  const credentialID = encodeBase64(fromBase64(info.credential.id))
  if (await adapter.getAuthenticator(credentialID)) {
    throw new WebAuthnVerificationError("This passkey is already registered.")
  }
  const account: Account = {
    providerAccountId: credentialID,
    provider: provider.id,
    type: "webauthn",
  }
  const authenticator: Omit<AdapterAuthenticator, "userId"> = {
    providerAccountId: credentialID,
    counter: info.credential.counter,
    credentialID,
    credentialPublicKey: encodeBase64(info.credential.publicKey),
    credentialBackedUp: info.credentialBackedUp,
    credentialDeviceType: info.credentialDeviceType,
    transports: info.credential.transports?.join(",") ?? null,
  }
  const login = await registeringUser(context, scope, registerData, account)
  return { login, account, authenticator }
}

/**
 * Who a verified registration is for: the signed-in user, who must still be the one the
 * ceremony started for; else the new user of its e-mail, created when the registration is
 * stored (an e-mail someone else took meanwhile is refused).
 */
async function registeringUser(
  context: AuthContext,
  scope: WebAuthnScope,
  registerData: User,
  account: Account,
): Promise<LoginResult> {
  const current = await sessionUserOf(context, scope.adapter)
  const provider = scope.provider.id
  if (current) {
    if (current.user.email !== registerData.email) {
      throw new AccountNotLinked(
        "The passkey registration was started for another user than the signed-in one.",
        { provider },
      )
    }
    if (current.exists) {
      return {
        user: current.user,
        account: { ...account, userId: current.user.id },
        isNewUser: false,
      }
    }
  } else if (await scope.adapter.getUserByEmail(registerData.email!)) {
    throw new AccountNotLinked("Another user already has this e-mail address.", { provider })
  }
  const { id: _id, ...profile } = registerData
  // Created when the registration is stored, after the signIn callback allowed it.
  return { user: profile, account, isNewUser: true }
}

/**
 * Stores a registration: the new user (if any), its account and its authenticator. A failure
 * after the user was created deletes the user again, so nothing is left half-written.
 */
async function storeRegistration(
  context: AuthContext,
  scope: WebAuthnScope,
  ceremony: Ceremony,
): Promise<void> {
  const { adapter } = scope
  const { login } = ceremony
  let user: AdapterUser
  const created = login.isNewUser
  if (created) {
    user = await createUser(context, adapter, { ...login.user, emailVerified: null })
    Object.assign(login, { user, account: { ...login.account, userId: user.id } })
  } else {
    user = login.user as AdapterUser
  }
  try {
    await linkAccount(context, adapter, undefined, user, {
      user: login.user,
      account: login.account,
    })
    await adapter.createAuthenticator({ ...ceremony.authenticator!, userId: user.id })
  } catch (error) {
    if (created) await removeUser(adapter, user.id, context)
    throw error
  }
}

async function removeUser(adapter: Adapter, userId: string, context: AuthContext): Promise<void> {
  try {
    await adapter.deleteUser?.(userId)
  } catch (error) {
    context.config.logger.error(error instanceof Error ? error : new Error(String(error)))
  }
}

/** Runs a verification; a throw or `verified: false` is a `WebAuthnVerificationError`. */
async function verify<T extends { verified: boolean }>(run: () => Promise<T>): Promise<T> {
  let result: T
  try {
    result = await run()
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new WebAuthnVerificationError("The passkey response does not verify.", { cause: error })
  }
  if (!result.verified) throw new WebAuthnVerificationError("The passkey response does not verify.")
  return result
}
