/**
 * The authorization request: the URL the browser is sent to when a sign-in starts.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1 Authorization request
 * @see https://openid.net/specs/openid-connect-core-1_0.html#AuthRequest
 */
import type { ResolvedOAuthProvider } from "./provider.js"

/**
 * Parameters the engine alone decides. A sign-in request's query may carry extra authorization
 * parameters (`login_hint`, `prompt`, `scope`, …), but never these: they bind the response to
 * this client, this browser and this callback (Auth.js forwards them too).
 */
export const ENGINE_AUTHORIZATION_PARAMS: ReadonlySet<string> = new Set([
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  // The callback reads its parameters where the provider config says they arrive.
  "response_mode",
  // A request object would replace every parameter above.
  "request",
  "request_uri",
])

/** Parameters of the sign-in action itself, which mean nothing to the provider. */
const SIGN_IN_ACTION_PARAMS: ReadonlySet<string> = new Set(["callbackUrl", "csrfToken"])

/** The scope OIDC providers request when their config names none. */
export const DEFAULT_OIDC_SCOPE = "openid profile email"

/** The check values to send. */
export interface AuthorizationChecks {
  state?: string
  nonce?: string
  /** The S256 PKCE challenge. */
  codeChallenge?: string
}

/** Everything an authorization URL is made of. */
export interface AuthorizationUrlInput {
  /** The authorization endpoint (configured or discovered). */
  endpoint: string
  provider: Pick<ResolvedOAuthProvider, "type" | "clientId" | "authorization">
  redirectUri: string
  /** The sign-in request's query: extra authorization parameters from the app. */
  requestParams: Readonly<Record<string, string>>
  checks: AuthorizationChecks
}

/**
 * Builds the authorization URL. Parameters, in order: those already on the endpoint URL and the
 * provider's `authorization.params`; `response_type=code` and `client_id` unless the provider set
 * them, then `redirect_uri`; the request's extra parameters; the checks; and for OIDC,
 * `scope=openid profile email` when no scope was given.
 */
export function authorizationUrl(input: AuthorizationUrlInput): URL {
  const { provider, checks } = input
  const url = new URL(input.endpoint)
  const params = url.searchParams
  for (const [key, value] of Object.entries(provider.authorization.params)) params.set(key, value)
  // A provider's own `response_type` and `client_id` win over the defaults, as in Auth.js
  // (Azure DevOps asks for `response_type=Assertion`). `redirect_uri` is always the engine's:
  // the token request repeats it.
  if (!params.has("response_type")) params.set("response_type", "code")
  if (provider.clientId !== undefined && !params.has("client_id")) {
    params.set("client_id", provider.clientId)
  }
  params.set("redirect_uri", input.redirectUri)
  for (const [key, value] of forwardedParams(input.requestParams)) params.set(key, value)
  if (checks.state !== undefined) params.set("state", checks.state)
  if (checks.codeChallenge !== undefined) {
    params.set("code_challenge", checks.codeChallenge)
    params.set("code_challenge_method", "S256")
  }
  if (checks.nonce !== undefined) params.set("nonce", checks.nonce)
  if (provider.type === "oidc" && !params.has("scope")) params.set("scope", DEFAULT_OIDC_SCOPE)
  return url
}

/** The sign-in request's query parameters that are passed on to the provider. */
export function forwardedParams(query: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(query).filter(
    ([key]) => !ENGINE_AUTHORIZATION_PARAMS.has(key) && !SIGN_IN_ACTION_PARAMS.has(key),
  )
}
