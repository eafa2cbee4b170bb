/**
 * The public shapes of the development identity provider (`startIdentityProvider`): its options,
 * its registered clients, and the handle a caller drives it with.
 */
import type { Server } from "node:http"
import type { CookieJar } from "./cookie-jar.js"
import type {
  AuthorizationResponse,
  EndpointFailure,
  ListenOptions,
  RecordedRequest,
} from "./http.js"
import type { OidcProvider } from "./oidc-provider.js"

/** The token endpoint authentication methods, one registered client each. */
export type TokenEndpointAuthMethod =
  | "client_secret_basic"
  | "client_secret_post"
  | "none"
  | "private_key_jwt"

/** A registered client. */
export interface IdpClient {
  clientId: string
  /** Absent for `none` and `private_key_jwt`. */
  clientSecret?: string
  tokenEndpointAuthMethod: TokenEndpointAuthMethod
}

/** The `private_key_jwt` client and its signing key (ES256). */
export interface IdpPrivateKeyJwtClient extends IdpClient {
  tokenEndpointAuthMethod: "private_key_jwt"
  /** Non-extractable WebCrypto private key for the `client_assertion`. */
  privateKey: CryptoKey
  kid: string
  alg: "ES256"
}

/** The registered clients, by authentication method. */
export interface IdpClients {
  client_secret_basic: IdpClient
  client_secret_post: IdpClient
  /** Public client; PKCE is required. */
  none: IdpClient
  private_key_jwt: IdpPrivateKeyJwtClient
}

/** The claims of an account. */
export interface IdpAccountClaims {
  sub: string
  name: string
  email: string
  email_verified: boolean
  picture: string
  [claim: string]: unknown
}

/** Options of {@link startIdentityProvider}. */
export interface IdpOptions extends ListenOptions {
  /** Redirect URIs of every client; see also {@link Idp.setRedirectUris}. */
  redirectUris?: readonly string[]
  /** Per-username overrides of the account claims. */
  accounts?: Record<string, Partial<IdpAccountClaims>>
  /**
   * The provider's name on its login form.
   * @default "Playground ID"
   */
  name?: string
  /**
   * Issue a refresh token with every authorization code grant, not only when the client asks
   * for `offline_access` (oidc-provider's own rule). The refresh tokens last as long as the
   * provider's session at the login form (one hour), as oidc-provider ties them to it without
   * `offline_access`.
   * @default false
   */
  refreshTokens?: boolean
  /**
   * Whether a refresh grant rotates the refresh token: `true`, every refresh answers with a new
   * refresh token and consumes the old one (using a consumed one again revokes the whole grant,
   * oidc-provider's reuse detection); `false`, the refresh token stays valid and the same one is
   * sent back.
   * @default oidc-provider's rule: public clients rotate, others once 70% of its life has passed
   */
  rotateRefreshTokens?: boolean
  /**
   * Seconds an access token is valid (its `expires_in`).
   * @default 3600
   */
  accessTokenTtl?: number
}

/** Endpoints whose next answer can be made to fail. */
export type IdpEndpoint = "discovery" | "token" | "userinfo"

/** A running identity provider. */
export interface Idp {
  /** `http://<host>:<port>`, no trailing slash; also the base of every endpoint. */
  readonly issuer: string
  readonly clients: IdpClients
  /** The `oidc-provider` instance, for tests that need more (events, models). */
  readonly provider: OidcProvider
  readonly server: Server
  /** Requests received (bodies are not read), oldest first. */
  readonly requests: RecordedRequest[]
  /** Replaces the redirect URIs of every client. */
  setRedirectUris(uris: readonly string[]): void
  /** Overrides claims of one account. */
  setAccount(username: string, claims: Partial<IdpAccountClaims>): void
  /** The claims of an account (any username exists). */
  claimsFor(username: string): IdpAccountClaims
  /**
   * Follows an authorization URL through the login form as `username` (consent is granted
   * automatically) and returns the authorization response meant for the client's redirect URI,
   * without delivering it. `jar` carries the IdP's cookies.
   * @throws Error when the IdP answers anything but a redirect, the login form or a form_post page.
   */
  login(
    jar: CookieJar,
    authorizationUrl: string | URL,
    username: string,
  ): Promise<AuthorizationResponse>
  /** Like {@link Idp.login}, but the user cancels: the response carries `error=access_denied`. */
  deny(jar: CookieJar, authorizationUrl: string | URL): Promise<AuthorizationResponse>
  /** Makes the next request to `endpoint` fail (default: 500 `server_error`); calls queue up. */
  failNext(endpoint: IdpEndpoint, failure?: EndpointFailure): void
  /**
   * How many refresh grants (`grant_type=refresh_token`) the token endpoint has handled, both
   * answered with tokens and refused (a revoked or reused refresh token). A failure induced with
   * `failNext` never reaches the grant and is not counted.
   */
  readonly refreshGrants: number
  /**
   * Revokes a refresh token and its whole grant, as a user removing the app's access at the
   * provider would: every refresh token and access token of the grant stops working.
   * @returns whether the refresh token was known
   */
  revokeRefreshToken(refreshToken: string): Promise<boolean>
  close(): Promise<void>
}
