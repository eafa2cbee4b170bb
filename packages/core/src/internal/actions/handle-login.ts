/**
 * Finds or creates the stored user of a sign-in, and links its account: the rules shared by
 * OAuth/OIDC, e-mail and credentials sign-ins.
 *
 * @see https://authjs.dev/concepts/database-models
 */
import type {
  Adapter,
  AdapterAccount,
  AdapterAccountType,
  AdapterSession,
  AdapterUser,
} from "../../adapters.js"
import { AdapterError, AuthError, OAuthAccountNotLinked } from "../../errors.js"
import type { AccountCallback } from "../../providers/oauth.js"
import type { Account, Profile, TokenSet, User } from "../../types/user.js"
import type { InternalProvider } from "../config/provider.js"
import { emitEvent } from "../config/resolve-config.js"
import type { AuthContext } from "../request/context.js"
import { storeSignInTokens } from "../session/provider-tokens.js"
import { readSignedInUser } from "../session/session.js"

/** What a sign-in knows before the adapter is asked. */
export interface LoginInput {
  /**
   * The user as the provider describes it: the `profile` callback's result (OAuth/OIDC), the
   * address being verified (e-mail), or what `authorize` returned (credentials). Its `id` is
   * never stored.
   */
  user: User
  /** The account of the sign-in; `provider` names the configured provider. */
  account: Account
  /** The raw OAuth profile. Linking does not read it; it is accepted so callers can pass it on. */
  profile?: Profile | undefined
}

/** The stored user of a sign-in. */
export interface LoginResult {
  /** The stored user (with the adapter's id), or the provider's user when there is no adapter. */
  user: User | AdapterUser
  /** The sign-in's account; with an adapter, `userId` is the stored user's id. */
  account: Account
  /** `true` when this sign-in created the user; `undefined` without an adapter. */
  isNewUser: boolean | undefined
  /**
   * The stored session the user was already signed in with, which the sign-in keeps (an OAuth
   * account linked to, or already owned by, the signed-in user; database strategy only).
   */
  session?: AdapterSession | undefined
}

/**
 * Finds or creates the stored user of a sign-in and links the account, emitting `createUser`,
 * `updateUser` and `linkAccount`. Without an adapter the provider's user is returned unchanged.
 *
 * OAuth/OIDC, by the account `(provider, providerAccountId)` and the signed-in user:
 * - account exists: its user, unless someone else is signed in (`OAuthAccountNotLinked`);
 * - signed in: the account is linked to the signed-in user;
 * - the e-mail belongs to a stored user: `OAuthAccountNotLinked`, or with the provider's
 *   `allowDangerousEmailAccountLinking`, the account is linked to that user (no `createUser`);
 * - otherwise the user is created (`emailVerified: null`) and the account linked to it.
 *
 * E-mail: the user with the verified address gets `emailVerified` set (`updateUser`), or is
 * created with it. Credentials: see {@link loginWithCredentials}.
 *
 * @throws {OAuthAccountNotLinked} when the account or its e-mail belongs to another user
 * @throws {AdapterError} when the adapter fails
 * @throws {AuthError} when a credentials user cannot be stored for a database session
 */
export async function handleLoginOrRegister(
  context: AuthContext,
  input: LoginInput,
): Promise<LoginResult> {
  const { adapter } = context.config
  if (!adapter) return { user: input.user, account: input.account, isNewUser: undefined }
  const stored = adapter as Required<Adapter>
  switch (input.account.type) {
    case "email":
      return loginWithEmail(context, stored, input)
    case "credentials":
      return loginWithCredentials(context, stored, input)
    case "oauth":
    case "oidc":
      return loginWithOAuth(context, stored, input)
    default:
      throw new TypeError(
        `Sign-ins with accounts of type "${input.account.type}" are not handled here.`,
      )
  }
}

function result(
  user: AdapterUser,
  input: LoginInput,
  isNewUser: boolean,
  session?: AdapterSession,
): LoginResult {
  return { user, account: { ...input.account, userId: user.id }, isNewUser, session }
}

async function loginWithOAuth(
  context: AuthContext,
  adapter: Required<Adapter>,
  input: LoginInput,
): Promise<LoginResult> {
  const { account } = input
  const provider = context.config.providerById.get(account.provider)
  const signedIn = await readSignedInUser(context)
  const owner = await adapter.getUserByAccount({
    provider: account.provider,
    providerAccountId: account.providerAccountId,
  })
  if (owner) {
    if (!signedIn || owner.id === signedIn.user.id) {
      await storeSignInTokens(context, account, owner.id)
    }
    if (!signedIn) return result(owner, input, false)
    if (owner.id === signedIn.user.id) return result(owner, input, false, signedIn.session)
    throw new OAuthAccountNotLinked("The account is already associated with another user", {
      provider: account.provider,
    })
  }
  if (signedIn) {
    await linkAccount(context, adapter, provider, signedIn.user, input)
    return result(signedIn.user, input, false, signedIn.session)
  }
  const email = input.user.email
  const emailOwner = email ? await adapter.getUserByEmail(email) : null
  if (emailOwner) {
    if (!provider?.allowDangerousEmailAccountLinking) {
      throw new OAuthAccountNotLinked(
        "Another account already exists with the same e-mail address",
        {
          provider: account.provider,
        },
      )
    }
    await linkAccount(context, adapter, provider, emailOwner, input)
    return result(emailOwner, input, false)
  }
  return result(await createUserWithAccount(context, adapter, provider, input), input, true)
}

/**
 * A first OAuth sign-in's user and account: in one call when the adapter can (both or neither),
 * else `createUser` then `linkAccount`. Emits `createUser` and `linkAccount` either way.
 */
async function createUserWithAccount(
  context: AuthContext,
  adapter: Required<Adapter>,
  provider: InternalProvider | undefined,
  input: LoginInput,
): Promise<AdapterUser> {
  const newUser = { ...input.user, emailVerified: null }
  if (!(adapter as Adapter).createUserAndAccount) {
    const user = await createUser(context, adapter, newUser)
    await linkAccount(context, adapter, provider, user, input)
    return user
  }
  const { userId: _userId, ...account } = accountToLink(provider, input, "")
  const user = await adapter.createUserAndAccount(
    { ...newUser, id: crypto.randomUUID(), email: newUser.email as string },
    account,
  )
  await emitEvent(context.config, "createUser", { user })
  const linked = { ...account, userId: user.id }
  await emitEvent(context.config, "linkAccount", { user, account: linked, profile: input.user })
  return user
}

async function loginWithEmail(
  context: AuthContext,
  adapter: Required<Adapter>,
  input: LoginInput,
): Promise<LoginResult> {
  const email = input.user.email
  if (!email) throw new TypeError("An e-mail sign-in needs the verified address as `user.email`.")
  const existing = await adapter.getUserByEmail(email)
  if (existing) return result(await markVerified(context, adapter, existing), input, false)
  try {
    const user = await createUser(context, adapter, {
      ...input.user,
      email,
      emailVerified: new Date(),
    })
    return result(user, input, true)
  } catch (error) {
    // Two first sign-ins with the same address at once: the unique e-mail lets one create the
    // user; the other finds it and signs in as an existing user.
    const created = error instanceof AdapterError ? await adapter.getUserByEmail(email) : null
    if (!created) throw error
    return result(await markVerified(context, adapter, created), input, false)
  }
}

async function markVerified(
  context: AuthContext,
  adapter: Required<Adapter>,
  user: AdapterUser,
): Promise<AdapterUser> {
  const emailVerified = new Date()
  const updated = (await adapter.updateUser({ id: user.id, emailVerified })) ?? {
    ...user,
    emailVerified,
  }
  await emitEvent(context.config, "updateUser", { user: updated })
  return updated
}

/**
 * Credentials sign-ins touch the adapter only with the database strategy, which needs a stored
 * user to own the session. The user `authorize` returned is looked up by its `id` (`getUser`),
 * then by its `email` (`getUserByEmail`); when neither finds one and it has an e-mail, it is
 * created (`createUser` with its `name`, `email` and `image` only; `isNewUser` is then `true`).
 * With the JWT strategy the adapter is not called and `authorize`'s user is the session's.
 *
 * @throws {AuthError} when the user is not stored and has no e-mail to create it with
 */
async function loginWithCredentials(
  context: AuthContext,
  adapter: Required<Adapter>,
  input: LoginInput,
): Promise<LoginResult> {
  if (context.config.session.strategy !== "database") {
    return { user: input.user, account: input.account, isNewUser: false }
  }
  const { id, email, name, image } = input.user
  const byId = id ? await adapter.getUser(id) : null
  if (byId) return result(byId, input, false)
  const byEmail = email ? await adapter.getUserByEmail(email) : null
  if (byEmail) return result(byEmail, input, false)
  if (!email) {
    throw new AuthError(
      `Credentials provider "${input.account.provider}": with database sessions, \`authorize\` must return a user stored in the adapter (its \`id\`) or one with an \`email\` to create it by.`,
    )
  }
  const user = await createUser(context, adapter, { name, email, image, emailVerified: null })
  return result(user, input, true)
}

/**
 * Creates a user and emits `createUser`. The adapter gets a fresh random `id`, as Auth.js gives
 * it (some adapters store the id they are given); whatever id it returns is the one used.
 */
export async function createUser(
  context: AuthContext,
  adapter: Required<Adapter>,
  user: User & Pick<AdapterUser, "emailVerified">,
): Promise<AdapterUser> {
  const created = await adapter.createUser({
    ...user,
    id: crypto.randomUUID(),
    email: user.email as string,
  })
  await emitEvent(context.config, "createUser", { user: created })
  return created
}

/**
 * Links the sign-in's OAuth account to a stored user and emits `linkAccount`. The provider's
 * `account` callback picks the token fields stored (by default the ones Auth.js keeps).
 */
export async function linkAccount(
  context: AuthContext,
  adapter: Required<Adapter>,
  provider: InternalProvider | undefined,
  user: AdapterUser,
  input: LoginInput,
): Promise<void> {
  const account = accountToLink(provider, input, user.id)
  await adapter.linkAccount(account)
  await emitEvent(context.config, "linkAccount", { user, account, profile: input.user })
}

/** The account row of a sign-in for `userId`: the token fields the `account` callback picks. */
function accountToLink(
  provider: InternalProvider | undefined,
  input: LoginInput,
  userId: string,
): AdapterAccount {
  const {
    provider: providerId,
    type,
    providerAccountId,
    userId: _userId,
    ...tokens
  } = input.account
  const pick = (provider?.account as AccountCallback | undefined) ?? defaultAccountFields
  return {
    ...(pick(tokens as TokenSet) ?? {}),
    providerAccountId,
    provider: providerId,
    type: type as AdapterAccountType,
    userId,
  }
}

/** The token fields Auth.js's default `account` callback keeps. */
const DEFAULT_ACCOUNT_FIELDS = [
  "access_token",
  "id_token",
  "refresh_token",
  "expires_at",
  "scope",
  "token_type",
  "session_state",
] as const

/**
 * The default `account` callback: keeps the token fields Auth.js stores on an account and
 * drops the rest (`expires_in`, provider-specific fields) and every undefined value.
 *
 * @see https://authjs.dev/reference/core/providers#account
 */
export function defaultAccountFields(tokens: TokenSet): TokenSet {
  return Object.fromEntries(
    DEFAULT_ACCOUNT_FIELDS.flatMap((key) =>
      tokens[key] === undefined ? [] : [[key, tokens[key]]],
    ),
  )
}
