import type { Adapter } from "../../adapters.js"
import {
  type AuthError,
  AuthError as BaseAuthError,
  DuplicateConditionalUI,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  UntrustedHost,
} from "../../errors.js"
import type { WebAuthnConfig } from "../../providers/webauthn.js"
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
/** Passkeys find and create users, link their credentials as accounts, and store authenticators. */
const WEBAUTHN_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "linkAccount",
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const
/** `simpleWebAuthnBrowserVersion`: `v<major>[.<minor>[.<patch>]]`, as Auth.js checks it. */
const BROWSER_VERSION = /^v\d+(?:\.\d+){0,2}$/
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
}

/**
 * Checks a config once, when it is resolved, and returns the first mistake found (the order
 * follows Auth.js, so the same config fails with the same error). Mistakes Auth.js only finds
 * mid-request, or never (duplicate provider ids, a malformed redirect proxy URL), are found here.
 *
 * These are the mistakes that stop the whole service (every route answers the configuration
 * error; integrations refuse to start in production): what makes it unsafe (an untrusted host,
 * no or a weak secret) or what is wrong whatever the environment (a credentials provider without
 * `authorize`, a missing adapter). A provider the environment leaves unconfigured, or one this
 * release cannot serve (WebAuthn), is not one of them: see `findProviderProblem`.
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
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(
        `Credentials provider "${provider.id}" has no \`authorize\` function. Add one that returns the user, or null to refuse.`,
      )
    }
  }
  const webAuthnError = findWebAuthnError(providers, adapter)
  if (webAuthnError) return webAuthnError
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
    if (providers.some((provider) => provider.type === "webauthn")) {
      for (const name of WEBAUTHN_METHODS) required.add(name)
    }
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
 * WebAuthn providers need an adapter (their credentials are stored), a valid
 * `simpleWebAuthnBrowserVersion`, at most one of them with conditional UI, and that one a form
 * field with `autocomplete` containing `webauthn` (the field the browser offers passkeys in).
 * `experimental.enableWebAuthn` is not required (Auth.js refuses the config without it).
 */
function findWebAuthnError(
  providers: readonly InternalProvider[],
  adapter: Adapter | undefined,
): AuthError | undefined {
  const webAuthn = providers.filter(
    (provider): provider is InternalProvider & WebAuthnConfig => provider.type === "webauthn",
  )
  if (webAuthn.length === 0) return undefined
  if (!adapter) {
    return new MissingAdapter(
      `WebAuthn provider "${webAuthn[0]!.id}" stores users' credentials and needs a database adapter. Set \`adapter\` in the config.`,
    )
  }
  let conditional: string | undefined
  for (const provider of webAuthn) {
    const version = provider.simpleWebAuthnBrowserVersion
    if (version !== false && (typeof version !== "string" || !BROWSER_VERSION.test(version))) {
      return new BaseAuthError(
        `WebAuthn provider "${provider.id}": simpleWebAuthnBrowserVersion must be a version like "v9.0.1", or false; it is ${JSON.stringify(version)}.`,
      )
    }
    if (!provider.enableConditionalUI) continue
    if (conditional !== undefined) {
      return new DuplicateConditionalUI(
        `WebAuthn providers "${conditional}" and "${provider.id}" both enable conditional UI; the browser's autofill can offer passkeys for one. Set \`enableConditionalUI: false\` on all but one.`,
      )
    }
    conditional = provider.id
    const fields = Object.values(provider.formFields ?? {})
    if (!fields.some((field) => String(field?.autocomplete ?? "").includes("webauthn"))) {
      return new MissingWebAuthnAutocomplete(
        `WebAuthn provider "${provider.id}" enables conditional UI but none of its formFields has "webauthn" in \`autocomplete\` (the default email field has "username webauthn").`,
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
