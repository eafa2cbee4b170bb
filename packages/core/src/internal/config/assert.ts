import type { Adapter } from "../../adapters.js"
import {
  type AuthError,
  AuthError as BaseAuthError,
  ExperimentalFeatureNotEnabled,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  UntrustedHost,
} from "../../errors.js"
import type { SessionStrategy } from "../../types.js"
import type { InternalProvider } from "./provider.js"
import { isWeakSecret, MIN_SECRET_BYTES } from "./secret-strength.js"

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
  /** A production deployment (`production`, by default `NODE_ENV=production`): weak secrets are refused. */
  production: boolean
  /** `experimental.enableWebAuthn`. */
  enableWebAuthn: boolean
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
  const weakSecretError = findWeakSecretError(input)
  if (weakSecretError) return weakSecretError
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
    if ((provider.type === "oauth" || provider.type === "oidc") && !provider.clientId) {
      // Auth.js sends such a sign-in to the provider without `client_id`: a provider error page.
      const variable = `AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}_ID`
      return new BaseAuthError(
        `Provider "${provider.id}" has no client id. Set ${variable} in the environment, or \`clientId\` in the provider's options, to the id the provider issued for this app.`,
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
  const webAuthnError = findWebAuthnError(providers, input.enableWebAuthn)
  if (webAuthnError) return webAuthnError
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

/**
 * In production, a secret shorter than {@link MIN_SECRET_BYTES} bytes (any of the rotation list:
 * each one decrypts) is refused; elsewhere it is only warned about (`weak-secret`).
 */
function findWeakSecretError(input: AssertInput): AuthError | undefined {
  if (!input.production) return undefined
  const index = input.secrets.findIndex(isWeakSecret)
  if (index === -1) return undefined
  const which = input.secrets.length > 1 ? `Secret number ${index + 1} of the list` : "The secret"
  return new MissingSecret(
    `${which} is shorter than ${MIN_SECRET_BYTES} bytes, which production refuses: anyone with a session cookie can guess it offline. Generate one with \`npx auth secret\` (or \`openssl rand -base64 33\`).`,
  )
}

/**
 * WebAuthn (passkey) providers are refused: as in Auth.js when `experimental.enableWebAuthn` is
 * off, and in any case because this release does not implement passkeys. Half-serving them
 * (listed by `/providers`, hidden on the page, failing at their endpoints) helps nobody.
 */
function findWebAuthnError(
  providers: readonly InternalProvider[],
  enabled: boolean,
): AuthError | undefined {
  const webAuthn = providers.find((provider) => (provider.type as string) === "webauthn")
  if (!webAuthn) return undefined
  if (!enabled) {
    return new ExperimentalFeatureNotEnabled(
      `Provider "${webAuthn.id}" uses WebAuthn, an experimental feature: it needs \`experimental: { enableWebAuthn: true }\`. Passkeys are not implemented by this release yet, so remove the provider for now.`,
    )
  }
  return new BaseAuthError(
    `Provider "${webAuthn.id}" uses WebAuthn (passkeys), which this release does not implement yet. Remove it from \`providers\` (and \`experimental.enableWebAuthn\`) until passkeys are supported.`,
  )
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
