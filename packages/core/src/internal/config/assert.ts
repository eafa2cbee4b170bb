import type { Adapter } from "../../adapters.js"
import {
  type AuthError,
  AuthError as BaseAuthError,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  UntrustedHost,
} from "../../errors.js"
import type { SessionStrategy } from "../../types.js"
import type { InternalProvider } from "./provider.js"

/** E-mail sign-in stores tokens, and finds, creates or marks verified the user (Auth.js lists only the first three). */
const EMAIL_METHODS = [
  "createVerificationToken",
  "useVerificationToken",
  "getUserByEmail",
  "createUser",
  "updateUser",
] as const
/** An OAuth sign-in with an adapter finds or creates the user and links the account, whatever the strategy. */
const OAUTH_METHODS = ["getUserByAccount", "getUserByEmail", "createUser", "linkAccount"] as const
const DATABASE_SESSION_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "linkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
] as const

interface AssertInput {
  trustHost: boolean
  secrets: readonly string[]
  providers: readonly InternalProvider[]
  strategy: SessionStrategy
  adapter: Adapter | undefined
  redirectProxyUrl: string | undefined
}

/**
 * Checks a config once, when it is resolved, and returns the first mistake found (the order
 * follows Auth.js, so the same config fails with the same error). Mistakes Auth.js only finds
 * mid-request, or never (duplicate provider ids, a malformed redirect proxy URL), are found here.
 */
export function findConfigError(input: AssertInput): AuthError | undefined {
  const { providers, adapter, strategy } = input
  if (!input.trustHost) {
    return new UntrustedHost(
      "The request's host is not trusted. Set `trustHost: true` in the config, or AUTH_TRUST_HOST=true in the environment, when your platform sets the Host header safely.",
    )
  }
  if (input.secrets.length === 0) {
    return new MissingSecret(
      "No secret is set. Generate one with `npx auth secret` (or `openssl rand -base64 33`) and set it as AUTH_SECRET or `secret` in the config.",
    )
  }
  if (input.redirectProxyUrl !== undefined && !URL.canParse(input.redirectProxyUrl)) {
    return new BaseAuthError(
      `redirectProxyUrl "${input.redirectProxyUrl}" is not an absolute URL. Set it to the full URL up to the base path, for example https://proxy.example.com/auth.`,
    )
  }
  const seen = new Set<string>()
  for (const provider of providers) {
    if (seen.has(provider.id)) {
      return new BaseAuthError(
        `Two providers have the id "${provider.id}". Give each provider a unique \`id\`, since it is part of its URLs.`,
      )
    }
    seen.add(provider.id)
  }
  for (const provider of providers) {
    const missing = missingEndpoint(provider)
    if (missing) {
      return new InvalidEndpoints(
        `Provider "${provider.id}" has neither an \`issuer\` nor a \`${missing}\` endpoint. Set \`issuer\` for OpenID discovery, or set the endpoint.`,
      )
    }
  }
  for (const provider of providers) {
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(
        `Credentials provider "${provider.id}" has no \`authorize\` function. Add one that returns the user, or null to refuse.`,
      )
    }
  }
  const hasEmail = providers.some((provider) => provider.type === "email")
  if (hasEmail && !adapter) {
    return new MissingAdapter(
      "E-mail sign-in needs a database adapter. Set `adapter` in the config.",
    )
  }
  if (!hasEmail && strategy === "database" && !adapter) {
    return new MissingAdapter(
      'The "database" session strategy needs a database adapter. Set `adapter`, or use `session: { strategy: "jwt" }`.',
    )
  }
  if (adapter) {
    const required = new Set<string>()
    if (hasEmail) for (const name of EMAIL_METHODS) required.add(name)
    if (providers.some((provider) => provider.type === "oauth" || provider.type === "oidc")) {
      for (const name of OAUTH_METHODS) required.add(name)
    }
    if (strategy === "database") for (const name of DATABASE_SESSION_METHODS) required.add(name)
    const missingMethods = [...required].filter(
      (name) => typeof (adapter as Record<string, unknown>)[name] !== "function",
    )
    if (missingMethods.length > 0) {
      return new MissingAdapterMethods(
        `The adapter lacks methods that the configured features need: ${missingMethods.join(", ")}. Use an adapter that implements them.`,
      )
    }
  }
  return undefined
}

function missingEndpoint(provider: InternalProvider): string | undefined {
  if (provider.type !== "oauth" && provider.type !== "oidc") return undefined
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
