/**
 * From a provider's profile and tokens to the sign-in's user and account.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html#StandardClaims
 */
import { OAuthProfileParseError } from "../../errors.js"
import type { ProfileCallback } from "../../providers/oauth.js"
import type { Account, Profile, TokenSet, User } from "../../types/user.js"

/**
 * The `profile` callback of providers that set none: `id = sub ?? id` (a random UUID when the
 * profile has neither), `name = name ?? nickname ?? preferred_username`, `email`,
 * `image = picture`; absent values are left out.
 */
export function defaultProfile(profile: Profile): User {
  const user: Record<string, unknown> = {
    id: profile.sub ?? profile.id ?? crypto.randomUUID(),
    name: profile.name ?? profile.nickname ?? profile.preferred_username,
    email: profile.email,
    image: profile.picture,
  }
  for (const key of Object.keys(user)) if (user[key] === undefined) delete user[key]
  return user as User
}

/**
 * Adds `expires_at` (seconds since the epoch) when the token response has `expires_in`.
 *
 * @param now the clock, in milliseconds
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1 `expires_in`
 */
export function withExpiresAt(tokens: TokenSet, now: number = Date.now()): TokenSet {
  const expiresIn = Number(tokens.expires_in)
  if (!tokens.expires_in || !Number.isFinite(expiresIn)) return { ...tokens }
  return { ...tokens, expires_at: Math.floor(now / 1000) + expiresIn }
}

/** The user and account a sign-in with a provider produced. */
export interface OAuthSignInIdentity {
  /** The `profile` callback's user with a fresh random `id` and the e-mail lowercased. */
  user: User
  /** Every token response field, plus `provider`, `type` and `providerAccountId`. */
  account: Account
}

/**
 * Runs the provider's `profile` callback and builds the user and account. The user gets a new
 * random `id`: the provider's id belongs to the account (`providerAccountId`), since a user may
 * have accounts with several providers.
 *
 * @throws {OAuthProfileParseError} when the `profile` callback throws or returns no object
 */
export async function identityFromProfile(
  provider: { id: string; type: "oauth" | "oidc"; profile: ProfileCallback<Profile> },
  profile: Profile,
  tokens: TokenSet,
): Promise<OAuthSignInIdentity> {
  let fromProfile: User
  try {
    fromProfile = await provider.profile(profile, tokens)
    if (typeof fromProfile !== "object" || fromProfile === null) {
      throw new TypeError("The profile callback must return a user object.")
    }
  } catch (error) {
    throw new OAuthProfileParseError(error instanceof Error ? error : new Error(String(error)), {
      provider: provider.id,
    })
  }
  const user: User = {
    ...fromProfile,
    id: crypto.randomUUID(),
    email: fromProfile.email?.toLowerCase(),
  }
  const providerAccountId =
    fromProfile.id === undefined || fromProfile.id === null
      ? crypto.randomUUID()
      : String(fromProfile.id)
  const account: Account = {
    ...tokens,
    provider: provider.id,
    type: provider.type,
    providerAccountId,
  }
  return { user, account }
}
