/**
 * What `getAccessToken` (`@auth/core/server`) takes and gives, and what the integrations' own
 * `getAccessToken` give once they have set the cookies on their response.
 */
import type { Cookie } from "./cookies.js"

/** Options of `getAccessToken`. */
export interface AccessTokenOptions {
  /** The provider's id, as in the config (`"github"`). */
  readonly provider: string
  /**
   * Which of the user's accounts with the provider, when a user may have several (database
   * sessions). Without it, the first one the adapter lists.
   */
  readonly providerAccountId?: string
  /**
   * Seconds before the access token's expiry (`expires_at`) from which it is refreshed rather
   * than handed out, so that it does not expire on its way to the provider's API.
   * @default 60
   */
  readonly skew?: number
  /**
   * Refresh even when the token has not expired (after the provider's API refused it, say).
   * Concurrent calls still share one refresh.
   * @default false
   */
  readonly forceRefresh?: boolean
  /**
   * The app's origin, when the integration decided it while the request's own URL is on another
   * host (as for `getSession`): it decides the session cookie's name. `AUTH_URL` wins over it.
   */
  readonly origin?: string
}

/** The access token `getAccessToken` gave. */
export interface AccessToken {
  /** Send it to the provider's API (`Authorization: Bearer <accessToken>` for `tokenType` bearer). */
  readonly accessToken: string
  /** When it expires, in seconds since the epoch; `undefined` when the provider did not say. */
  readonly expiresAt: number | undefined
  /** The scopes it was granted, when the provider said. */
  readonly scope: string | undefined
  /** Its type, lowercased as oauth4webapi gives it: `"bearer"`, `"dpop"`. */
  readonly tokenType: string | undefined
  /**
   * JWT sessions: the session cookie re-sealed with the refreshed tokens; set them on the
   * response (and, for the rest of the same request, on its cookies). Empty when nothing changed
   * and with database sessions.
   */
  readonly cookies: Cookie[]
  readonly error?: undefined
  readonly code?: undefined
}

/**
 * Why `getAccessToken` gave no token:
 * - `SessionRequired`: signed out (or the session expired or was revoked);
 * - `AccountNotFound`: no account with the provider (JWT sessions: none stored in the session,
 *   for a sign-in with another provider or before `storeTokens` was turned on);
 * - `RefreshAccessTokenError`: the token had expired and refreshing it failed (`error` is a
 *   `RefreshAccessTokenError` with the cause); the session is marked, the stored tokens are
 *   unchanged. Signing in with the provider again gets new tokens;
 * - `Configuration`: the config does not allow it (an unknown or non-OAuth provider, JWT
 *   sessions without `storeTokens`, an adapter without `updateAccount`…);
 * - `DatabaseUnavailable`: the database or the session store cannot be reached (answer `503`).
 */
export type AccessTokenErrorCode =
  | "SessionRequired"
  | "AccountNotFound"
  | "RefreshAccessTokenError"
  | "Configuration"
  | "DatabaseUnavailable"

/** No access token, and why. */
export interface AccessTokenFailure {
  readonly code: AccessTokenErrorCode
  /** The error, logged when it is a failure (not for `SessionRequired` or `AccountNotFound`). */
  readonly error: Error
  /**
   * The cookies to set all the same: the session cookie marked after a failed refresh (JWT), or
   * the deletion of an invalid one.
   */
  readonly cookies: Cookie[]
  readonly accessToken?: undefined
}

/** What `getAccessToken` gave. */
export type AccessTokenResult = AccessToken | AccessTokenFailure

/**
 * What an integration's `getAccessToken` gives: core's result without `cookies`, which the
 * integration has already set on its response; `InvalidRequest` when the request's `Host` is one
 * no URL can have (the integration's routes answer such a request `400`).
 */
export type AppliedAccessTokenResult =
  | Omit<AccessToken, "cookies">
  | {
      readonly code: AccessTokenErrorCode | "InvalidRequest"
      readonly error: Error
      readonly accessToken?: undefined
    }
