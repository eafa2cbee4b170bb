/**
 * The transport options every request to a provider is sent with.
 */
import * as o from "oauth4webapi"
import type { ResolvedOAuthProvider } from "./provider.js"

/** Options oauth4webapi's request functions take for transport. */
export interface ProviderRequestOptions {
  [o.customFetch]?: typeof fetch
  [o.allowInsecureRequests]?: boolean
}

/**
 * The provider's `customFetch` (so every request to it can be routed or observed) and whether
 * plain-HTTP URLs are allowed: only when the provider's own config names an `http:` URL, so an
 * https issuer's metadata cannot send the client to plain HTTP.
 */
export function requestOptions(provider: ResolvedOAuthProvider): ProviderRequestOptions {
  const options: ProviderRequestOptions = {}
  if (provider.fetch) options[o.customFetch] = provider.fetch
  // oauth4webapi marks the option deprecated to discourage it; a development identity
  // provider on http://localhost needs it.
  if (provider.allowInsecureRequests) options[o.allowInsecureRequests] = true
  return options
}
