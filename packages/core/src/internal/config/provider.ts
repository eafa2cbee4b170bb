import type { CredentialsConfig } from "../../providers/credentials.js"
import type { EmailConfig } from "../../providers/email.js"
import type { Provider } from "../../providers/index.js"
import type { OAuthConfig } from "../../providers/oauth.js"
import type { WebAuthnConfig } from "../../providers/webauthn.js"
import type { Profile } from "../../types/user.js"
import { mergeDeep } from "./merge.js"

/** A provider with the user's `options` merged over its defaults. */
export type InternalProvider = (
  | OAuthConfig<Profile>
  | EmailConfig
  | CredentialsConfig
  | WebAuthnConfig
) & {
  [key: string]: unknown
}

/**
 * Normalizes one configured provider: a factory is called with no arguments, then the user's
 * `options` are merged over the defaults (objects recursively, arrays replaced) and the id is
 * the user's `id` when given.
 */
export function normalizeProvider(entry: Provider): InternalProvider {
  const base = (typeof entry === "function" ? entry() : entry) as unknown as Record<string, unknown>
  const { options, ...defaults } = base as { options?: Record<string, unknown> }
  const merged = mergeDeep(defaults, options) as InternalProvider
  return merged
}

/**
 * `AUTH_<ID>`, the prefix of a provider's environment variables (`_ID`, `_SECRET`, `_ISSUER`,
 * `_KEY`): its id upper-cased, dashes as underscores (`microsoft-entra-id` →
 * `AUTH_MICROSOFT_ENTRA_ID`).
 */
export function providerEnvPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`
}

/** The URL of a provider's sign-in action for the given origin. */
export function signinUrlOf(origin: string, basePath: string, providerId: string): string {
  return `${origin}${basePath}/signin/${encodeURIComponent(providerId)}`
}

/** The URL of a provider's callback action for the given origin. */
export function callbackUrlOf(origin: string, basePath: string, providerId: string): string {
  return `${origin}${basePath}/callback/${encodeURIComponent(providerId)}`
}
