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

/** The token endpoint's response, plus `expires_at` (seconds since the epoch). */
export interface TokenSet {
  access_token?: string
  token_type?: Lowercase<string>
  id_token?: string
  refresh_token?: string
  scope?: string
  expires_in?: number
  /** Absolute expiry in seconds, computed from `expires_in`. */
  expires_at?: number
  authorization_details?: AuthorizationDetails[]
  [parameter: string]: unknown
}

/** A user's link to one provider. */
export interface Account extends Omit<TokenSet, "expires_in"> {
  /** The provider id. */
  provider: string
  /**
   * For OAuth/OIDC, the id from the profile callback; for e-mail, the address; for credentials,
   * the `id` returned by `authorize`.
   */
  providerAccountId: string
  type: ProviderType
  userId?: string
  expires_in?: number
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

/** A WebAuthn authenticator. */
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
