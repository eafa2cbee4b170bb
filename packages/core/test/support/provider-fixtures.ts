// Fixtures and helpers shared by the vendor provider tests.
import { customFetch } from "../../src/internal/symbols.js"
import type {
  OAuthConfig,
  OAuthConfigInternal,
  OAuthEndpointType,
} from "../../src/providers/oauth.js"
import type { Profile, TokenSet } from "../../src/types.js"

export const TOKENS: TokenSet = { access_token: "at-123", token_type: "bearer" }
export const USER_CONFIG = { clientId: "my-client-id", clientSecret: "my-client-secret" }

interface RecordedCall {
  url: string
  headers: Headers
  body?: BodyInit | null
}

/** A `fetch` that answers by URL and records every call. */
export function fakeFetch(routes: Record<string, () => Response>): {
  fetch: typeof fetch
  calls: RecordedCall[]
} {
  const calls: RecordedCall[] = []
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString()
    calls.push({ url, headers: new Headers(init?.headers), body: init?.body })
    const route = routes[url]
    return route ? route() : new Response("not found", { status: 404 })
  }
  return { fetch: fake, calls }
}

/** The endpoint URL with its `params` applied, as the engine normalises it. */
export function endpointHref(endpoint: OAuthEndpointType | undefined): string | undefined {
  if (endpoint === undefined) return undefined
  if (typeof endpoint === "string") return new URL(endpoint).href
  if (!endpoint.url) return undefined
  const url = new URL(endpoint.url)
  for (const [key, value] of Object.entries(endpoint.params ?? {})) {
    url.searchParams.set(key, String(value))
  }
  return url.href
}

export function scopeOf(provider: OAuthConfig<never>): string | null {
  const { authorization } = provider
  if (typeof authorization === "string") return new URL(authorization).searchParams.get("scope")
  const scope = authorization?.params?.scope
  return typeof scope === "string" ? scope : null
}

/** What the engine hands to a custom endpoint request: the merged provider with its URLs. */
export function asInternal<P>(provider: OAuthConfig<P>, fetchImpl?: typeof fetch) {
  return {
    ...provider,
    signinUrl: `https://app.test/auth/signin/${provider.id}`,
    callbackUrl: `https://app.test/auth/callback/${provider.id}`,
    ...(fetchImpl ? { [customFetch]: fetchImpl } : {}),
  } as unknown as OAuthConfigInternal<Profile>
}

export async function runUserinfoRequest<P>(provider: OAuthConfig<P>, fetchImpl: typeof fetch) {
  const { userinfo } = provider
  if (typeof userinfo !== "object" || !userinfo.request) throw new Error("no userinfo.request")
  return userinfo.request({ tokens: TOKENS, provider: asInternal(provider, fetchImpl) })
}
