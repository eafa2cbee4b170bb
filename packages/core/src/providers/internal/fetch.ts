/**
 * Fetch helpers shared by the built-in providers. Every request a provider makes itself goes
 * through the provider's `customFetch` when one is set, so apps and tests can route it.
 */
import { readVendorJson } from "../../internal/oauth/vendor-response.js"
import { customFetch } from "../../internal/symbols.js"

/** Anything that may carry a `customFetch`: a provider, or the user's provider options. */
export interface FetchCarrier {
  [customFetch]?: typeof fetch
}

/** The provider's `customFetch`, or the global `fetch`. */
export function providerFetch(carrier: FetchCarrier | undefined): typeof fetch {
  return carrier?.[customFetch] ?? fetch
}

/**
 * The URL of an endpoint option as given (a string) or as normalised (`{ url: URL }`).
 * @returns `undefined` when the endpoint has no URL.
 */
export function endpointUrl(endpoint: unknown): string | undefined {
  if (typeof endpoint === "string") return endpoint
  if (endpoint instanceof URL) return endpoint.href
  if (typeof endpoint === "object" && endpoint !== null && "url" in endpoint) {
    const { url } = endpoint
    if (typeof url === "string") return url
    if (url instanceof URL) return url.href
  }
  return undefined
}

/** The URL a `fetch` call targets. */
export function requestUrl(input: RequestInfo | URL): URL {
  return new URL(input instanceof Request ? input.url : input)
}

/**
 * GETs a JSON resource with the access token as a Bearer credential. The body is parsed without
 * a status check, like the engine's own userinfo request.
 */
export async function getJson(
  carrier: FetchCarrier,
  url: string,
  accessToken: string | undefined,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await providerFetch(carrier)(url, {
    headers: { Authorization: `Bearer ${accessToken}`, ...headers },
  })
  return response.json()
}

/**
 * Requests a provider's API (a profile, an account) and returns its JSON object answer. The
 * request goes through the provider's `customFetch`.
 *
 * @param provider the provider as the engine hands it to `userinfo.request`
 * @param what names the request in the logged reason, e.g. `"The profile endpoint"`
 * @throws {OAuthCallbackError} when the answer is not a 2xx JSON object
 */
export async function fetchVendorJson(
  provider: FetchCarrier & { id: string },
  url: string | URL,
  init: RequestInit = {},
  what = "The profile endpoint",
): Promise<Record<string, unknown>> {
  const response = await providerFetch(provider)(url, init)
  return readVendorJson(response, provider.id, what)
}

/** The URL of a provider's userinfo endpoint as configured (the user's override included). */
export function userinfoUrl(provider: { userinfo?: unknown }, fallback: string): string {
  return endpointUrl(provider.userinfo) ?? fallback
}

/**
 * Wraps a `fetch` so that the provider's OpenID Connect discovery document is rewritten by
 * `rewrite` before the engine validates it. Other requests pass through unchanged.
 */
export function rewriteDiscovery(
  fetchImpl: typeof fetch | undefined,
  rewrite: (metadata: Record<string, unknown>) => Record<string, unknown>,
): typeof fetch {
  return async (input, init) => {
    const response = await (fetchImpl ?? fetch)(input, init)
    const url = requestUrl(input)
    if (!response.ok || !url.pathname.endsWith("/.well-known/openid-configuration")) {
      return response
    }
    const metadata: unknown = await response.clone().json()
    if (typeof metadata !== "object" || metadata === null) return response
    // Headers are not copied: `content-length` and `content-encoding` describe the old body.
    return Response.json(rewrite(metadata as Record<string, unknown>), { status: response.status })
  }
}
