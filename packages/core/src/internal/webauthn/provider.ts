/**
 * What the passkey actions share about a WebAuthn provider: the provider of the path, its
 * relying party, its `@simplewebauthn/server` functions and the challenge cookie's scope.
 */
import type { AuthenticatorTransport } from "@simplewebauthn/server"
import type { Adapter, AdapterAuthenticator } from "../../adapters.js"
import { AuthError, InvalidProvider, MissingAdapter } from "../../errors.js"
import type {
  RelayingParty,
  SimpleWebAuthnFunctions,
  WebAuthnConfig,
  WebAuthnRequest,
} from "../../providers/webauthn.js"
import type { InternalProvider } from "../config/provider.js"
import { rateLimitOf } from "../config/rate-limits.js"
import type { AuthContext } from "../request/context.js"
import type { ChallengeScope } from "./challenge.js"

/** A WebAuthn provider with the adapter its ceremonies use. */
export interface WebAuthnScope {
  readonly provider: WebAuthnConfig
  /** The adapter, with the methods the config check required of it. */
  readonly adapter: Required<Adapter>
}

/**
 * The WebAuthn provider of the path, with the adapter.
 *
 * @throws {InvalidProvider} when the provider is not a WebAuthn provider
 * @throws {MissingAdapter} when no adapter is configured (the config check finds it first)
 */
export function webAuthnScopeOf(
  context: AuthContext,
  provider: InternalProvider | WebAuthnConfig,
): WebAuthnScope {
  if (provider.type !== "webauthn") {
    throw new InvalidProvider(
      `Provider "${provider.id}" is not a WebAuthn provider: ${context.basePath}/${context.request.action} serves only those.`,
    )
  }
  const { adapter } = context.config
  if (!adapter) throw new MissingAdapter("WebAuthn needs a database adapter.")
  return { provider, adapter: adapter as Required<Adapter> }
}

/** The request as `getUserInfo` and `getRelayingParty` read it. */
export function webAuthnRequestOf(context: AuthContext): WebAuthnRequest {
  const { method, query, body } = context.request
  return { method, query, body }
}

/** The relying party of this request: the configured one, else the app's URL. */
export function relyingPartyOf(context: AuthContext, provider: WebAuthnConfig): RelayingParty {
  return provider.getRelayingParty(
    { provider, url: context.request.url, adapter: context.config.adapter },
    webAuthnRequestOf(context),
  )
}

/**
 * The provider's `@simplewebauthn/server` functions (the provider module imports the library;
 * a config may wrap them).
 *
 * @throws {AuthError} when the provider lacks one (a hand-written provider object)
 */
export function simpleWebAuthnOf(provider: WebAuthnConfig): SimpleWebAuthnFunctions {
  const functions = provider.simpleWebAuthn
  for (const name of SIMPLEWEBAUTHN_FUNCTIONS) {
    if (typeof functions?.[name] !== "function") {
      throw new AuthError(
        `WebAuthn provider "${provider.id}" has no simpleWebAuthn.${name}: create it with the WebAuthn or Passkey provider function, which sets the @simplewebauthn/server ones.`,
      )
    }
  }
  return functions
}

const SIMPLEWEBAUTHN_FUNCTIONS = [
  "generateAuthenticationOptions",
  "generateRegistrationOptions",
  "verifyAuthenticationResponse",
  "verifyRegistrationResponse",
] as const

/** Where the challenge cookie of this request's provider lives. */
export function challengeScopeOf(context: AuthContext, providerId: string): ChallengeScope {
  return {
    secrets: context.config.secrets,
    cookies: context.cookies,
    providerId,
    store: rateLimitOf(context.config).store,
  }
}

/** An authenticator's `transports` column (`"internal,hybrid"`) as a list. */
export function transportsOf(
  authenticator: Pick<AdapterAuthenticator, "transports">,
): AuthenticatorTransport[] {
  const listed = authenticator.transports ? authenticator.transports.split(",") : []
  return listed.filter(Boolean) as AuthenticatorTransport[]
}
