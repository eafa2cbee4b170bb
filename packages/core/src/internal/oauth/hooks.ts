/**
 * The one place where a built-in provider may bend the OAuth engine: a provider declares its
 * quirks under {@link oauthHooks}, and the engine calls them at fixed points. The engine never
 * looks at provider ids, so a provider keeps its quirks when the app gives it another `id`.
 */
import type { Profile } from "../../types/user.js"

/** The key under which a provider config keeps its {@link OAuthProviderHooks}. Internal. */
export const oauthHooks: unique symbol = Symbol("oauth-hooks")

/** What the engine lets a provider adjust, each at one step of the callback. */
export interface OAuthProviderHooks {
  /**
   * Adds to the ID token claims what the provider sends only as a callback parameter (Apple
   * posts the user's name once, as the `user` form field).
   */
  readonly profileFromCallback?: (profile: Profile, params: URLSearchParams) => Profile
  /**
   * Reads the token endpoint's JSON body before it is validated. It may throw an `AuthError`
   * for an error the provider reports its own way, and may name the issuer that the ID token
   * must be validated against when it differs from the discovered one (Entra ID's multi-tenant
   * endpoints issue tokens from the user's tenant); the engine then discovers that issuer.
   */
  readonly inspectTokenResponse?: (
    body: Readonly<Record<string, unknown>>,
    issuer: string,
  ) => { issuer?: string } | undefined
}

/** A provider config that may carry hooks. */
export interface HookCarrier {
  [oauthHooks]?: OAuthProviderHooks
}

/** The hooks of a provider; none for providers without quirks. */
export function hooksOf(provider: object): OAuthProviderHooks {
  return (provider as HookCarrier)[oauthHooks] ?? {}
}

/**
 * The hooks as a property to spread into a provider config (the public config types do not
 * name the internal key).
 *
 * @example
 * return { id: "apple", type: "oidc", ...withOAuthHooks({ profileFromCallback }) }
 */
export function withOAuthHooks(hooks: OAuthProviderHooks): object {
  return { [oauthHooks]: hooks }
}
