import { InvalidProvider } from "../../errors.js"
import type { OAuthConfig } from "../../providers/oauth.js"
import type { Profile } from "../../types/user.js"
import { type InternalProvider, providerEnvPrefix } from "./provider.js"

/**
 * Why a listed provider cannot serve. Such a provider is left out (of `/providers`, of the
 * sign-in page, of routing) while the others serve: Auth.js apps often list providers that only
 * some environments configure.
 */
export interface ProviderProblem {
  readonly id: string
  readonly type: string
  /** The variables that would configure it (`AUTH_GOOGLE_ID`), in order; empty when none would. */
  readonly missingEnv: readonly string[]
  /** What is wrong and what to do, in one or two sentences. */
  readonly reason: string
}

/** Token endpoint authentications that send the client secret (`undefined` is the default, basic). */
const SECRET_METHODS: ReadonlySet<string | undefined> = new Set([
  undefined,
  "client_secret_basic",
  "client_secret_post",
  "client_secret_jwt",
])

/**
 * What keeps a provider from serving, or `undefined` when nothing does: an OAuth or OIDC
 * provider without its client id, its client secret (unless its token endpoint authentication
 * sends none), or an issuer when it names no endpoints.
 */
export function findProviderProblem(provider: InternalProvider): ProviderProblem | undefined {
  const { id, type } = provider
  if (provider.type !== "oauth" && provider.type !== "oidc") return undefined
  const prefix = providerEnvPrefix(id)
  const missing: Array<{ variable: string; option: string }> = []
  if (!provider.clientId) missing.push({ variable: `${prefix}_ID`, option: "`clientId`" })
  const method = provider.client?.token_endpoint_auth_method
  if (!provider.clientSecret && SECRET_METHODS.has(method)) {
    missing.push({ variable: `${prefix}_SECRET`, option: "`clientSecret`" })
  }
  const endpoint = missingEndpoint(provider)
  if (endpoint) {
    // Without an issuer to discover them from, a provider names its endpoints itself.
    const option =
      endpoint === "authorization" ? "`issuer`" : `\`issuer\` (or the \`${endpoint}\` endpoint)`
    missing.push({ variable: `${prefix}_ISSUER`, option })
  }
  if (missing.length === 0) return undefined
  const variables = missing.map((entry) => entry.variable)
  return {
    id,
    type,
    missingEnv: variables,
    reason: `Provider "${id}" is not configured: set ${listOf(variables)} in the environment, or ${listOf(missing.map((entry) => entry.option))} in its options.`,
  }
}

/**
 * The one warning for every provider left out: each reason, then every missing variable, so
 * the whole fix is in one message.
 */
export function unavailableProvidersMessage(problems: readonly ProviderProblem[]): string {
  const variables = problems.flatMap((problem) => problem.missingEnv)
  const parts = [
    `${problems.length === 1 ? "A provider is" : `${problems.length} providers are`} left out of sign-in; the others serve as usual.`,
    ...problems.map((problem) => problem.reason),
  ]
  if (variables.length > 0) parts.push(`Missing environment variables: ${variables.join(", ")}.`)
  return parts.join(" ")
}

/** The error a sign-in with a provider left out fails with: a `Configuration` error page. */
export function unavailableProviderError(problem: ProviderProblem): InvalidProvider {
  return new InvalidProvider(
    `${problem.reason} Until then it is left out of sign-in and answers with the Configuration error page.`,
  )
}

/** The first endpoint an OAuth provider without `issuer` lacks (Auth.js's `InvalidEndpoints`). */
function missingEndpoint(provider: OAuthConfig<Profile>): string | undefined {
  if (provider.issuer) return undefined
  for (const key of ["authorization", "token", "userinfo"] as const) {
    const endpoint = provider[key]
    const url = typeof endpoint === "string" ? endpoint : endpoint?.url
    if (!url && !(key === "userinfo" && typeof endpoint === "object" && endpoint?.request)) {
      return key
    }
  }
  return undefined
}

/** `a`, `a and b`, `a, b and c`. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("")
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`
}
