/**
 * An OAuth 2 / OIDC provider config read once into the shape the protocol steps use: endpoints
 * as URLs with their params, the effective checks, the response mode and the redirect proxy.
 */
import type {
  EndpointHandler,
  OAuthChecks,
  OAuthClientConfig,
  OAuthConfig,
  ProfileCallback,
} from "../../providers/oauth.js"
import type { Profile } from "../../types/user.js"
import { customFetch } from "../symbols.js"
import { hooksOf, type OAuthProviderHooks } from "./hooks.js"
import { defaultProfile } from "./profile.js"

/** Auth.js's stand-in URL for "an endpoint object with params only: use discovery". */
const PLACEHOLDER_HOST = "authjs.dev"

/** The checks of a provider that sets none. */
const DEFAULT_CHECKS: readonly OAuthChecks[] = ["pkce"]

/** One endpoint of a provider. */
export interface ResolvedEndpoint {
  /** The configured URL, without `params`; `undefined` when discovery supplies it. */
  readonly url: string | undefined
  /** The configured `params`, as strings (`claims` is JSON-encoded, as OIDC wants it). */
  readonly params: Readonly<Record<string, string>>
  readonly request?: EndpointHandler["request"]
  readonly conform?: EndpointHandler["conform"]
  readonly clientPrivateKey?: EndpointHandler["clientPrivateKey"]
}

/** An OAuth 2 / OIDC provider as the protocol steps use it. */
export interface ResolvedOAuthProvider {
  readonly id: string
  readonly type: "oauth" | "oidc"
  readonly issuer: string | undefined
  readonly clientId: string | undefined
  readonly clientSecret: string | undefined
  /** Client metadata: `token_endpoint_auth_method`, `id_token_signed_response_alg`, … */
  readonly client: Readonly<OAuthClientConfig>
  readonly authorization: ResolvedEndpoint
  readonly token: ResolvedEndpoint
  readonly userinfo: ResolvedEndpoint
  /** The configured `jwks_endpoint`, for providers without discovery. */
  readonly jwksUri: string | undefined
  readonly checks: ReadonlySet<OAuthChecks>
  /** `form_post` when the authorization params ask for it: the callback is then a POST. */
  readonly responseMode: "query" | "form_post"
  /** `<redirectProxyUrl>/callback/<id>` when a redirect proxy is configured. */
  readonly redirectProxyCallbackUrl: string | undefined
  /** `false`: the profile comes from the userinfo endpoint, not the ID token (OIDC only). */
  readonly idToken: boolean
  readonly profile: ProfileCallback<Profile>
  /** The provider's `customFetch`, through which every request to it goes. */
  readonly fetch: typeof fetch | undefined
  /** Whether the config names an `http:` URL, so plain-HTTP requests are allowed for it. */
  readonly allowInsecureRequests: boolean
  readonly hooks: OAuthProviderHooks
  /** The provider config as merged, for callbacks that receive it. */
  readonly config: OAuthConfig<Profile>
}

const cache = new WeakMap<object, ResolvedOAuthProvider>()

/**
 * Reads a provider config, once per provider object: configs are resolved once and each makes
 * its own provider objects, so the config's `redirectProxyUrl` is the same on every call.
 *
 * `checks` defaults to `["pkce"]`; a redirect proxy adds `state`, which carries the origin to
 * return to. The redirect proxy is not used with `response_mode=form_post`, as in Auth.js.
 *
 * @param redirectProxyUrl the config's `redirectProxyUrl`, used unless the provider sets one
 * @throws {TypeError} when a configured URL is not absolute
 */
export function resolveOAuthProvider(
  provider: OAuthConfig<Profile>,
  redirectProxyUrl: string | undefined,
): ResolvedOAuthProvider {
  const cached = cache.get(provider)
  if (cached) return cached
  const authorization = resolveEndpoint(provider.authorization)
  const responseMode = authorizationParam(authorization, "response_mode") === "form_post"
  const proxyBase = responseMode ? undefined : (provider.redirectProxyUrl ?? redirectProxyUrl)
  const checks = new Set(provider.checks ?? DEFAULT_CHECKS)
  if (proxyBase) checks.add("state")
  const token = resolveEndpoint(provider.token)
  const userinfo = resolveEndpoint(provider.userinfo)
  const jwksUri = resolveEndpoint(provider.jwks_endpoint).url
  const configuredUrls = [provider.issuer, authorization.url, token.url, userinfo.url, jwksUri]
  const resolved: ResolvedOAuthProvider = Object.freeze({
    id: provider.id,
    type: provider.type,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    client: { ...provider.client },
    authorization,
    token,
    userinfo,
    jwksUri,
    checks,
    responseMode: responseMode ? "form_post" : "query",
    redirectProxyCallbackUrl: proxyBase
      ? `${proxyBase.replace(/\/+$/, "")}/callback/${encodeURIComponent(provider.id)}`
      : undefined,
    idToken: provider.type === "oidc" ? provider.idToken !== false : false,
    profile: (provider.profile as ProfileCallback<Profile> | undefined) ?? defaultProfile,
    fetch: provider[customFetch],
    allowInsecureRequests: configuredUrls.some((url) => url?.startsWith("http:") === true),
    hooks: hooksOf(provider),
    config: provider,
  })
  cache.set(provider, resolved)
  return resolved
}

/**
 * A URL with the endpoint's params in its query (set over the same names), as Auth.js sends
 * params of the token and userinfo endpoints.
 */
export function endpointWithParams(url: string, params: Readonly<Record<string, string>>): string {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
  return target.href
}

function resolveEndpoint(option: unknown): ResolvedEndpoint {
  if (typeof option === "string") return { url: new URL(option).href, params: {} }
  if (option instanceof URL) return { url: option.href, params: {} }
  if (typeof option !== "object" || option === null) return { url: undefined, params: {} }
  const handler = option as EndpointHandler & { url?: string | URL }
  const url = handler.url === undefined ? undefined : new URL(handler.url)
  return {
    url: url && url.host !== PLACEHOLDER_HOST ? url.href : undefined,
    params: stringParams(handler.params),
    request: handler.request,
    conform: handler.conform,
    clientPrivateKey: handler.clientPrivateKey,
  }
}

function stringParams(params: Record<string, unknown> | undefined): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined) continue
    result[key] =
      key === "claims" || (typeof value === "object" && value !== null)
        ? JSON.stringify(value)
        : String(value)
  }
  return result
}

function authorizationParam(endpoint: ResolvedEndpoint, name: string): string | undefined {
  if (endpoint.params[name] !== undefined) return endpoint.params[name]
  return endpoint.url ? (new URL(endpoint.url).searchParams.get(name) ?? undefined) : undefined
}
