import type { ProviderType } from "../providers/provider-types.js"

/** The user as returned by a provider's `profile` callback or a credentials `authorize`. */
export interface DefaultUser {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
}

/** The signed-in user. Extend it with module augmentation. */
export interface User extends DefaultUser {}

/** Authorization details of RFC 9396. */
export interface AuthorizationDetails {
  type: string
  [key: string]: unknown
}

/**
 * The token endpoint's response, plus `expires_at` (seconds since the epoch). The members of
 * RFC 6749 are checked (by oauth4webapi) before a sign-in goes on; the others are kept as the
 * provider sent them.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1
 */
export interface TokenSet {
  access_token?: string
  /** Lowercased, as oauth4webapi returns it: `"bearer"` or `"dpop"`. */
  token_type?: Lowercase<string>
  id_token?: string
  refresh_token?: string
  scope?: string
  expires_in?: number
  /** Absolute expiry in seconds, computed from `expires_in`. */
  expires_at?: number
  authorization_details?: AuthorizationDetails[]
  /**
   * The provider's session at sign-in, sent by OpenID providers with session management (such as
   * Keycloak): a string by that spec, not checked.
   *
   * @see https://openid.net/specs/openid-connect-session-1_0.html#CreatingUpdatingSessions
   */
  session_state?: string
  [parameter: string]: unknown
}

/**
 * A user's link to one provider: its token set (OAuth and OIDC) and who it belongs to. The
 * token members keep their types: `Omit` would not do, as `Omit` over a type with an index
 * signature keeps only the index signature.
 */
export interface Account extends TokenSet {
  /** The provider id. */
  provider: string
  /**
   * For OAuth/OIDC, the id from the profile callback; for e-mail, the address; for credentials,
   * the `id` returned by `authorize`.
   */
  providerAccountId: string
  type: ProviderType
  userId?: string
}

/** OpenID Connect standard claims; any other claim is allowed. */
export interface Profile {
  id?: string | null
  sub?: string | null
  name?: string | null
  given_name?: string | null
  family_name?: string | null
  middle_name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  profile?: string | null
  picture?: unknown
  website?: string | null
  email?: string | null
  email_verified?: boolean | null
  gender?: string | null
  birthdate?: string | null
  zoneinfo?: string | null
  locale?: string | null
  phone_number?: string | null
  updated_at?: Date | string | number | null
  address?: {
    country?: string | null
    formatted?: string | null
    locality?: string | null
    postal_code?: string | null
    region?: string | null
    street_address?: string | null
  } | null
  [claim: string]: unknown
}

/**
 * A WebAuthn authenticator, exactly as Auth.js types it. The timestamps an adapter may keep
 * (`createdAt`, `lastUsedAt`) are on `AdapterAuthenticator` only: they are storage metadata,
 * which core never passes to `createAuthenticator`.
 */
export interface Authenticator {
  /** Base64. */
  credentialID: string
  /** Base64. */
  credentialPublicKey: string
  providerAccountId: string
  /** How many times the authenticator was used. */
  counter: number
  credentialDeviceType: string
  credentialBackedUp: boolean
  /** Concatenated transport flags. */
  transports?: string | null
  userId?: string
}
