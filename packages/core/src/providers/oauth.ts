/**
 * Types of OAuth 2 and OpenID Connect providers.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749 OAuth 2.0
 * @see https://openid.net/specs/openid-connect-core-1_0.html OpenID Connect Core
 * @module providers/oauth
 */
import type { customFetch } from "../internal/symbols.js"
import type { Awaitable } from "../types/common.js"
import type { Account, Profile, TokenSet, User } from "../types/user.js"
import type { CommonProviderOptions } from "./provider-types.js"

type UrlParams = Record<string, unknown>

/** Context given to a custom endpoint `request` function. */
export interface EndpointRequestContext<P> {
  provider: OAuthConfigInternal<P>
  tokens: TokenSet
}

/** An endpoint: a URL, or an object with a URL, extra query `params` and an optional custom request. */
export interface EndpointHandler<P extends UrlParams = UrlParams, R = unknown> {
  url?: string
  params?: P
  /** Replaces the default request to this endpoint. */
  request?: (context: EndpointRequestContext<Profile>) => Awaitable<R>
  /** Adjusts a non-conforming response before it is validated (token endpoint only). */
  conform?: (response: Response) => Awaitable<Response | undefined>
  /** Private key for `private_key_jwt` client authentication (token endpoint only). */
  clientPrivateKey?: PrivateCryptoKey | { key: PrivateCryptoKey; kid?: string }
}

/**
 * A WebCrypto private key (a `CryptoKey` from `crypto.subtle.importKey` or `generateKey`), typed by
 * its shape so that the declarations compile without the DOM lib (Node apps with `lib: ["es2023"]`).
 */
export interface PrivateCryptoKey {
  readonly type: string
  readonly algorithm: { readonly name: string }
  readonly extractable: boolean
  readonly usages: readonly string[]
}

/** The authorization endpoint as an object. */
export type AuthorizationEndpointHandler = EndpointHandler<AuthorizationParameters>

/** The token endpoint as an object. */
export type TokenEndpointHandler = EndpointHandler

/** The userinfo endpoint as an object. */
export type UserinfoEndpointHandler = EndpointHandler

/** An endpoint option: a URL string or an {@link EndpointHandler}. */
export type OAuthEndpointType<P extends UrlParams = UrlParams, R = unknown> =
  | string
  | EndpointHandler<P, R>

/** The authorization endpoint's parameters. */
export interface AuthorizationParameters {
  scope?: string
  response_mode?: string
  prompt?: string
  [key: string]: unknown
}

/** Which checks protect the OAuth callback. */
export type OAuthChecks = "pkce" | "state" | "none" | "nonce"

/** Maps a provider's profile to a {@link User}. */
export type ProfileCallback<P> = (profile: P, tokens: TokenSet) => Awaitable<User>

/** Picks which fields of the token set are stored on the account. */
// biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing is allowed, as in Auth.js
export type AccountCallback = (tokens: TokenSet) => TokenSet | undefined | void

/** Colors and logo of the provider's sign-in button. */
export interface OAuthProviderButtonStyles {
  logo?: string
  brandColor?: string
  /** @deprecated use `brandColor` */
  bg?: string
  /** @deprecated */
  text?: string
}

/** Client metadata sent to or assumed of the authorization server. */
export interface OAuthClientConfig {
  token_endpoint_auth_method?:
    | "client_secret_basic"
    | "client_secret_post"
    | "client_secret_jwt"
    | "private_key_jwt"
    | "none"
  id_token_signed_response_alg?: string
  [key: string]: unknown
}

/** Options of an OAuth 2 provider (`type: "oauth"`). */
export interface OAuth2Config<P> extends CommonProviderOptions {
  type: "oauth"
  /** OIDC discovery document URL; defaults to `<issuer>/.well-known/openid-configuration`. */
  wellKnown?: string
  issuer?: string
  jwks_endpoint?: OAuthEndpointType
  authorization?: OAuthEndpointType<AuthorizationParameters>
  token?: OAuthEndpointType
  userinfo?: OAuthEndpointType
  /** @default ["pkce"] */
  checks?: OAuthChecks[]
  clientId?: string
  clientSecret?: string
  client?: OAuthClientConfig
  profile?: ProfileCallback<P>
  account?: AccountCallback
  style?: OAuthProviderButtonStyles
  /**
   * Links an OAuth account to an existing user with the same e-mail address. Only safe when the
   * provider verifies e-mail addresses.
   * @default false
   */
  allowDangerousEmailAccountLinking?: boolean
  redirectProxyUrl?: string
  /** Replaces `fetch` for every request to this provider. */
  [customFetch]?: typeof fetch
  /** The user's overrides, kept apart from the defaults until merged. */
  options?: OAuthUserConfig<P>
}

/** Options of an OpenID Connect provider (`type: "oidc"`). */
export interface OIDCConfig<P> extends Omit<OAuth2Config<P>, "type" | "checks" | "options"> {
  type: "oidc"
  checks?: OAuthChecks[]
  /**
   * When `false`, the user data comes from the userinfo endpoint instead of the ID token.
   * @default true
   */
  idToken?: boolean
  options?: OAuthUserConfig<P>
}

/** An OAuth 2 or OIDC provider. */
export type OAuthConfig<P> = OIDCConfig<P> | OAuth2Config<P>

/** What a user may override on a built-in OAuth provider. */
export type OAuthUserConfig<P> = Omit<Partial<OAuthConfig<P>>, "options" | "type">

/** What a user may override on a built-in OIDC provider. */
export type OIDCUserConfig<P> = Omit<Partial<OIDCConfig<P>>, "options" | "type">

/** An OAuth provider after defaults and user options are merged. */
export type OAuthConfigInternal<P> = OAuthConfig<P> & {
  signinUrl: string
  callbackUrl: string
}

/** An OIDC provider after defaults and user options are merged. */
export type OIDCConfigInternal<P> = OAuthConfigInternal<P> & {
  checks: OIDCConfig<P>["checks"]
  idToken: OIDCConfig<P>["idToken"]
}

export type { OAuthProviderId } from "./provider-types.js"

/** Account fields kept by the default `account` callback. */
export type DefaultAccount = Pick<
  Account,
  "access_token" | "id_token" | "refresh_token" | "expires_at" | "scope" | "token_type"
>
