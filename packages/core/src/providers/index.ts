/**
 * Provider types. Each built-in provider is the default export of `@auth/core/providers/<id>`.
 *
 * @module providers
 */
import type { CredentialsConfig, CredentialsProviderId } from "./credentials.js"
import type { EmailConfig } from "./email.js"
import type { OAuthConfig } from "./oauth.js"
import type { CommonProviderOptions, EmailProviderId, OAuthProviderId } from "./provider-types.js"
import type { WebAuthnConfig, WebAuthnProviderType } from "./webauthn.js"

export type { CredentialInput, CredentialsConfig, CredentialsProviderId } from "./credentials.js"
export type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from "./email.js"
export type {
  OAuth2Config,
  OAuthConfig,
  OAuthEndpointType,
  OAuthUserConfig,
  OIDCConfig,
  OIDCUserConfig,
} from "./oauth.js"
export type {
  CommonProviderOptions,
  EmailProviderId,
  OAuthProviderId,
  ProviderType,
  RedirectableProviderType,
} from "./provider-types.js"
export type { WebAuthnConfig, WebAuthnProviderType } from "./webauthn.js"

// biome-ignore lint/suspicious/noExplicitAny: a provider's profile type is the user's choice
type AnyProfile = any

/** A configured provider: its options object, or a factory called with no arguments. */
export type Provider<P = AnyProfile> =
  | OAuthConfig<P>
  | EmailConfig
  | CredentialsConfig
  | WebAuthnConfig
  | ((...args: AnyProfile[]) => OAuthConfig<P> | EmailConfig | CredentialsConfig | WebAuthnConfig)

/** The built-in provider factories, by id. */
export type BuiltInProviders = Record<
  OAuthProviderId,
  (config: Partial<OAuthConfig<AnyProfile>>) => OAuthConfig<AnyProfile>
> &
  Record<CredentialsProviderId, (config: Partial<CredentialsConfig>) => CredentialsConfig> &
  Record<EmailProviderId, (config: Partial<EmailConfig>) => EmailConfig> &
  Record<WebAuthnProviderType, (config: Partial<WebAuthnConfig>) => WebAuthnConfig>

/** The `providers` of a config: configured providers or built-in factories' results. */
export type AppProviders = Array<Provider | ReturnType<BuiltInProviders[keyof BuiltInProviders]>>

/** A provider as the app sees it once the config is resolved, with its URLs. */
export interface AppProvider extends CommonProviderOptions {
  signinUrl: string
  callbackUrl: string
}

/**
 * The id of a provider: a built-in one (with editor completion) or any other string for
 * providers of the app's own.
 */
export type ProviderId =
  | CredentialsProviderId
  | EmailProviderId
  | OAuthProviderId
  | WebAuthnProviderType
  | (string & {})
