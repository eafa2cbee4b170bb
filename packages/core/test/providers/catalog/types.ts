/**
 * The catalog of built-in providers as the catalog tests use it: one entry per OAuth / OIDC
 * provider module of Auth.js 0.41.3, each with the vendor as a local mimic plays it
 * (`@auth/dev-servers`' vendor server), and what a sign-in must produce.
 */
import type { VendorFixture } from "@auth/dev-servers"

/** A provider factory as the modules export it. */
// biome-ignore lint/suspicious/noExplicitAny: each factory has its own options type
export type ProviderFactory = (options?: any) => object

/** One OAuth / OIDC provider of the catalog. */
export interface CatalogEntry {
  /** The module under `providers/`, e.g. `42-school`. */
  module: string
  /** The provider's id (`hydra` for `ory-hydra`). */
  id: string
  factory: ProviderFactory
  /** Options besides the credentials the env provides. */
  options?: Record<string, unknown>
  /** `AUTH_<ID>_ISSUER`, for providers on the customer's own server. */
  issuer?: string
  /** The vendor, as documented. */
  vendor: VendorFixture
  /** What the `profile` callback receives (compared with Auth.js's mapping). */
  profile: Record<string, unknown>
  /**
   * The profile as Auth.js's mapping expects it, when Auth.js assumes another shape than the
   * vendor sends (Threads: a `data` wrapper the API does not have).
   */
  referenceProfile?: Record<string, unknown>
  /** Token response fields the `profile` callback may read. */
  tokens?: Record<string, unknown>
  /** Auth.js's `profile` does I/O (Entra's photo) or cannot be called offline. */
  skipProfileComparison?: boolean
  /** The session's user after signing in. */
  expected: { name?: string | null; email?: string | null; image?: string | null }
}

/** A plain OAuth 2 vendor: fixed endpoints, a GET profile with the access token in the header. */
export function oauth2(entry: {
  module: string
  id?: string
  factory: ProviderFactory
  authorization: string
  token: string
  userinfo: string
  profile: Record<string, unknown>
  expected: CatalogEntry["expected"]
  options?: Record<string, unknown>
  issuer?: string
  vendor?: Partial<VendorFixture>
  tokens?: Record<string, unknown>
  referenceProfile?: Record<string, unknown>
}): CatalogEntry {
  const { authorization, token, userinfo, vendor, ...rest } = entry
  return {
    ...rest,
    id: entry.id ?? entry.module,
    vendor: {
      authorization,
      token,
      resources: [{ url: userinfo, body: entry.profile }],
      ...vendor,
    },
  }
}

/** An OpenID Connect vendor found by discovery on `issuer`, the profile from the ID token. */
export function oidc(entry: {
  module: string
  id?: string
  factory: ProviderFactory
  issuer: string
  claims: Record<string, unknown>
  expected: CatalogEntry["expected"]
  options?: Record<string, unknown>
  /** The issuer set through `AUTH_<ID>_ISSUER`, when the provider has none of its own. */
  envIssuer?: string
  vendor?: Partial<VendorFixture>
  oidc?: Partial<NonNullable<VendorFixture["oidc"]>>
  skipProfileComparison?: boolean
}): CatalogEntry {
  const { claims, vendor, oidc: oidcOptions, envIssuer, issuer, ...rest } = entry
  return {
    ...rest,
    id: entry.id ?? entry.module,
    issuer: envIssuer,
    profile: oidcOptions?.userinfo ?? { iss: issuer, ...claims },
    vendor: { oidc: { issuer, claims, ...oidcOptions }, ...vendor },
  }
}
