import type { Adapter, AdapterUser } from "../../adapters.js"
import { AuthError } from "../../errors.js"
import type { User } from "../../types/user.js"
import { type ActionResult, json, NO_STORE_HEADERS } from "../http/action-result.js"
import type { AuthContext } from "../request/context.js"
import { decodeSessionToken, readSignedInUser } from "../session/session.js"
import { sealChallenge } from "../webauthn/challenge.js"
import { browserCredentialId } from "../webauthn/encoding.js"
import {
  challengeScopeOf,
  relyingPartyOf,
  simpleWebAuthnOf,
  transportsOf,
  type WebAuthnScope,
  webAuthnRequestOf,
  webAuthnScopeOf,
} from "../webauthn/provider.js"
import { requireProvider } from "./provider-lookup.js"

/** Who a ceremony is for. */
export interface CeremonyUser {
  /** The stored user, or the e-mail (and name) of a user a registration creates. */
  readonly user: AdapterUser | User
  /** Whether the user is stored. */
  readonly exists: boolean
  /** Whether the request is signed in as this user. */
  readonly signedIn: boolean
}

type Decision = "authenticate" | "register" | undefined

/**
 * GET `/webauthn-options/<provider>`: the options of the ceremony the browser runs next, as
 * `{ action, options }`, with the challenge in a cookie. A signed-in user asking
 * `?action=register` registers another passkey; a signed-out request with an e-mail no user has
 * registers a new user; every other request authenticates (with the e-mail's user's
 * credentials, or any discoverable one). `?action=` other than `register` or `authenticate` is
 * answered `400 {"error":"Invalid action"}`, a request that fits no ceremony (registering an
 * e-mail that is taken, or no action while signed in) `400 {"error":"Invalid request"}`.
 *
 * @throws {InvalidProvider} when the provider is not a WebAuthn provider
 */
export async function webAuthnOptionsAction(context: AuthContext): Promise<ActionResult> {
  const scope = webAuthnScopeOf(context, requireProvider(context))
  const requested = context.request.query.action
  if (requested !== undefined && requested !== "register" && requested !== "authenticate") {
    return json({ error: "Invalid action" }, { status: 400, headers: NO_STORE_HEADERS })
  }
  const user = await ceremonyUserOf(context, scope)
  const decision = decide(requested, user)
  if (!decision)
    return json({ error: "Invalid request" }, { status: 400, headers: NO_STORE_HEADERS })
  const options =
    decision === "authenticate"
      ? await authenticationOptions(context, scope, user)
      : await registrationOptions(context, scope, user!)
  const cookie = await sealChallenge(challengeScopeOf(context, scope.provider.id), {
    challenge: options.challenge,
    registerData: decision === "register" ? registerDataOf(user!.user) : undefined,
  })
  return json({ action: decision, options }, { headers: NO_STORE_HEADERS, cookies: [cookie] })
}

/** Auth.js's decision table (compat 15.3). */
function decide(requested: string | undefined, user: CeremonyUser | null): Decision {
  if (requested === "authenticate") return "authenticate"
  if (requested === "register") {
    if (user?.signedIn) return "register"
    return user && !user.exists ? "register" : undefined
  }
  if (user?.signedIn) return undefined
  if (!user || user.exists) return "authenticate"
  return "register"
}

/**
 * The user of a ceremony: the signed-in user (see {@link sessionUserOf}), else the provider's
 * `getUserInfo` (by default the `email` of the query).
 */
async function ceremonyUserOf(
  context: AuthContext,
  scope: WebAuthnScope,
): Promise<CeremonyUser | null> {
  const signedIn = await sessionUserOf(context, scope.adapter)
  if (signedIn) return { ...signedIn, signedIn: true }
  const { provider, adapter } = scope
  const info = await provider.getUserInfo(
    { provider, url: context.request.url, adapter },
    webAuthnRequestOf(context),
  )
  return info ? { user: info.user, exists: info.exists, signedIn: false } : null
}

/**
 * The user the request is signed in as, for passkeys: the stored user of the session; for a JWT
 * session of a user no adapter stores (a credentials user), the stored user with the session's
 * e-mail, else that e-mail (and name) as a user a registration would create. `null` when the
 * request is not signed in.
 */
export async function sessionUserOf(
  context: AuthContext,
  adapter: Pick<Required<Adapter>, "getUserByEmail">,
): Promise<{ user: AdapterUser | User; exists: boolean } | null> {
  const signedIn = await readSignedInUser(context)
  if (signedIn) return { user: signedIn.user, exists: true }
  if (context.config.session.strategy === "database") return null
  const token = await decodeSessionToken(context)
  if (!token || typeof token.email !== "string" || token.email === "") return null
  const stored = await adapter.getUserByEmail(token.email)
  if (stored) return { user: stored, exists: true }
  const user: User = { email: token.email }
  if (typeof token.name === "string") user.name = token.name
  if (typeof token.picture === "string") user.image = token.picture
  return { user, exists: false }
}

async function authenticationOptions(
  context: AuthContext,
  scope: WebAuthnScope,
  user: CeremonyUser | null,
) {
  const { provider, adapter } = scope
  const rp = relyingPartyOf(context, provider)
  const userId = user?.exists ? user.user.id : undefined
  const authenticators = userId ? await adapter.listAuthenticatorsByUserId(userId) : undefined
  const { generateAuthenticationOptions } = simpleWebAuthnOf(provider)
  return generateAuthenticationOptions({
    ...provider.authenticationOptions,
    rpID: rp.id,
    allowCredentials: authenticators?.map((authenticator) => ({
      id: browserCredentialId(authenticator.credentialID),
      transports: transportsOf(authenticator),
    })),
  })
}

async function registrationOptions(context: AuthContext, scope: WebAuthnScope, user: CeremonyUser) {
  const { provider, adapter } = scope
  const email = user.user.email
  if (typeof email !== "string" || email === "") {
    throw new AuthError(
      `A passkey registration needs the user's e-mail, and this user has none: give WebAuthn provider "${provider.id}" a getUserInfo that returns one.`,
    )
  }
  const rp = relyingPartyOf(context, provider)
  const authenticators =
    user.exists && user.user.id ? await adapter.listAuthenticatorsByUserId(user.user.id) : []
  const { generateRegistrationOptions } = simpleWebAuthnOf(provider)
  return generateRegistrationOptions({
    ...provider.registrationOptions,
    userID: crypto.getRandomValues(new Uint8Array(32)),
    userName: email,
    userDisplayName: user.user.name ?? email,
    rpID: rp.id,
    rpName: rp.name,
    excludeCredentials: authenticators.map((authenticator) => ({
      id: browserCredentialId(authenticator.credentialID),
      transports: transportsOf(authenticator),
    })),
  })
}

/** What the challenge cookie keeps of the registering user: its id (if stored) and profile. */
function registerDataOf(user: AdapterUser | User): User {
  const data: User = {}
  for (const key of ["id", "email", "name", "image"] as const) {
    const value = user[key]
    if (typeof value === "string") data[key] = value
  }
  return data
}
