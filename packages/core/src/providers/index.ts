/**
 * Provider types. Each built-in provider is the default export of `@auth/core/providers/<id>`.
 *
 * @module providers
 */
import type { CredentialsConfig } from "./credentials.js"
import type { EmailConfig } from "./email.js"
import type { OAuthConfig } from "./oauth.js"

export type { CredentialInput, CredentialsConfig } from "./credentials.js"
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
  ProviderType,
  RedirectableProviderType,
} from "./provider-types.js"

// biome-ignore lint/suspicious/noExplicitAny: a provider's profile type is the user's choice
type AnyProfile = any

/** A configured provider: its options object, or a factory called with no arguments. */
export type Provider<P = AnyProfile> =
  | OAuthConfig<P>
  | EmailConfig
  | CredentialsConfig
  | ((...args: AnyProfile[]) => OAuthConfig<P> | EmailConfig | CredentialsConfig)

/** The ids of the built-in providers shipped with this version. */
export type ProviderId = string
