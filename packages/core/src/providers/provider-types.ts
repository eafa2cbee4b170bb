import type { Awaitable } from "../types.js"

/** The kinds of provider. `email` and `credentials` are the redirectable kinds. */
export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn"

/** The provider kinds whose sign-in redirects back to the app rather than to a third party. */
export type RedirectableProviderType = "email" | "credentials"

/** Options every provider has. */
export interface CommonProviderOptions {
  /** Unique among `providers`; part of the URL (`/signin/<id>`, `/callback/<id>`). */
  id: string
  /** Label on the default sign-in button. */
  name: string
  type: ProviderType
}

/** A provider as configured: an object, or a factory called with no arguments. */
export type ProviderFactory<C> = ((options?: Record<string, unknown>) => C) & {
  [key: string]: unknown
}

/** Awaitable re-export for provider modules. */
export type { Awaitable }
