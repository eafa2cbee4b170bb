/**
 * The WebAuthn provider: sign in with a passkey or another WebAuthn credential, as in Auth.js
 * (same options, endpoints and stored authenticators), on `@simplewebauthn/server` 14. It needs
 * a database adapter with the authenticator methods; `experimental.enableWebAuthn` is accepted
 * but no longer needed. See `docs/passkeys.md`.
 *
 * @see https://authjs.dev/getting-started/authentication/webauthn
 * @see https://www.w3.org/TR/webauthn-3/
 * @module providers/webauthn
 */

import type * as SimpleWebAuthnServer from "@simplewebauthn/server"
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server"
import type { Adapter, AdapterUser } from "../adapters.js"
import { MissingAdapter } from "../errors.js"
import { normalizeEmailIdentifier } from "../internal/email/normalize-identifier.js"
import type { Awaitable } from "../types/common.js"
import type { User } from "../types/user.js"
import type { CredentialInput } from "./credentials.js"
import type { CommonProviderOptions } from "./provider-types.js"

/**
 * The `@simplewebauthn/server` functions a provider runs: the library's, or wrapped ones. The
 * library is imported by this module, as in Auth.js, so apps that list no WebAuthn provider (and
 * edge middleware, whose bundler refuses a dependency of it) never load it.
 */
export type SimpleWebAuthnFunctions = Required<
  Pick<
    typeof SimpleWebAuthnServer,
    | "generateAuthenticationOptions"
    | "generateRegistrationOptions"
    | "verifyAuthenticationResponse"
    | "verifyRegistrationResponse"
  >
>

/** The provider type of WebAuthn providers. */
export type WebAuthnProviderType = "webauthn"

/** How long a ceremony may take: five minutes, in milliseconds. */
export const DEFAULT_WEBAUTHN_TIMEOUT: number = 5 * 60 * 1000

/**
 * The `@simplewebauthn/browser` version Auth.js's sign-in page loads from a CDN. Kept for
 * configs that set it; the built-in page here carries its own copy (no CDN is contacted).
 */
export const DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION: `v${number}.${number}.${number}` = "v9.0.1"

/** The relying party of one request. */
export interface RelayingParty {
  /** The relying party id: the site's domain. */
  id: string
  /** The name shown by authenticators. */
  name: string
  /** The site's origin. */
  origin: string
}

/** What {@link WebAuthnConfig.getRelayingParty} and `getUserInfo` are given about the request. */
export interface WebAuthnRequestContext {
  provider: Pick<WebAuthnConfig, "relayingParty">
  /** The request URL. */
  url: URL
  adapter?: Pick<Adapter, "getUserByEmail">
}

/** The parts of a request `getUserInfo` reads. */
export interface WebAuthnRequest {
  method: string
  query?: Record<string, unknown>
  body?: Record<string, unknown>
}

/** Finds the user a ceremony is for: an existing one, a new one, or none. */
export type GetUserInfo = (
  options: WebAuthnRequestContext,
  request: WebAuthnRequest,
) => Promise<
  { user: AdapterUser | User; exists: true } | { user: Omit<User, "id">; exists: false } | null
>

/** Options of a WebAuthn provider. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: WebAuthnProviderType
  /** The relying party, or one per origin (the first is the default). */
  relayingParty?: Partial<{
    id: string | string[]
    name: string | string[]
    origin: string | string[]
  }>
  /** The relying party of a request; by default from `relayingParty`, else the request URL. */
  getRelayingParty: (options: WebAuthnRequestContext, request: WebAuthnRequest) => RelayingParty
  /** Whether the sign-in page offers passkeys in the browser's autofill. @default true */
  enableConditionalUI: boolean
  /** Auth.js's CDN version of `@simplewebauthn/browser`; validated, not loaded (see the constant). */
  simpleWebAuthnBrowserVersion: `v${number}.${number}.${number}` | false
  /** The fields of the default sign-in form. @default an `email` field */
  formFields: Record<string, CredentialInput>
  /** Options of the authentication ceremony (`generateAuthenticationOptions`). */
  authenticationOptions?: Partial<
    Omit<SimpleWebAuthnServer.GenerateAuthenticationOptionsOpts, "rpID" | "allowCredentials">
  >
  /** Options of the registration ceremony (`generateRegistrationOptions`). */
  registrationOptions: Partial<
    Omit<
      SimpleWebAuthnServer.GenerateRegistrationOptionsOpts,
      "rpID" | "rpName" | "userID" | "userName" | "userDisplayName" | "excludeCredentials"
    >
  >
  /** Options of `verifyAuthenticationResponse` (`requireUserVerification`, …). */
  verifyAuthenticationOptions?: Partial<
    Omit<
      SimpleWebAuthnServer.VerifyAuthenticationResponseOpts,
      "response" | "expectedChallenge" | "expectedOrigin" | "expectedRPID" | "credential"
    >
  >
  /** Options of `verifyRegistrationResponse` (`requireUserVerification`, …). */
  verifyRegistrationOptions?: Partial<
    Omit<
      SimpleWebAuthnServer.VerifyRegistrationResponseOpts,
      "response" | "expectedChallenge" | "expectedOrigin" | "expectedRPID"
    >
  >
  getUserInfo: GetUserInfo
  /** The `@simplewebauthn/server` functions the ceremonies run. @default the library's own */
  simpleWebAuthn: SimpleWebAuthnFunctions
}

/**
 * Creates a WebAuthn provider (id `webauthn`) with Auth.js's defaults: five-minute ceremonies,
 * conditional UI, an `email` form field, and the relying party taken from the request URL
 * (the app's `AUTH_URL` when it is set).
 *
 * @example
 * import WebAuthn from "@auth/core/providers/webauthn"
 *
 * const config = { providers: [WebAuthn], adapter: PostgresAdapter(pool) }
 */
export default function WebAuthn(config: Partial<WebAuthnConfig> = {}): WebAuthnConfig {
  return {
    id: "webauthn",
    name: "WebAuthn",
    enableConditionalUI: true,
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    registrationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    formFields: {
      email: { label: "Email", required: true, autocomplete: "username webauthn" },
    },
    simpleWebAuthnBrowserVersion: DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION,
    simpleWebAuthn: {
      generateAuthenticationOptions,
      generateRegistrationOptions,
      verifyAuthenticationResponse,
      verifyRegistrationResponse,
    },
    getUserInfo,
    getRelayingParty,
    ...config,
    type: "webauthn",
  }
}

/**
 * The user of a ceremony, by the submitted `email`: the stored user, or a new one. The address
 * is checked and normalized as the e-mail provider's (`normalizeIdentifier`'s default: one plain
 * address, trimmed and lower-cased, at most 320 characters), so that `Ada@Example.com` finds the
 * user who signed in by e-mail as `ada@example.com` instead of registering a second one; a user
 * stored under the address exactly as typed (registered by Auth.js, which kept its case) is
 * found first. Anything that is not one address is no user (`null`).
 *
 * @throws {MissingAdapter} when no adapter is configured
 */
async function getUserInfo(
  options: WebAuthnRequestContext,
  request: WebAuthnRequest,
): ReturnType<GetUserInfo> {
  const { adapter } = options
  if (!adapter?.getUserByEmail) {
    throw new MissingAdapter("WebAuthn provider requires a database adapter to be configured")
  }
  const typed = (request.method === "POST" ? request.body?.email : request.query?.email) as unknown
  let email: string
  try {
    email = normalizeEmailIdentifier(typed)
  } catch {
    return null
  }
  // Called on the adapter, which may be a class instance that needs its `this`.
  const find = (address: string) =>
    adapter.getUserByEmail!(address) as Awaitable<AdapterUser | null>
  const asTyped = (typed as string).trim()
  const existing = (asTyped !== email ? await find(asTyped) : null) ?? (await find(email))
  if (existing) return { user: existing, exists: true }
  return { user: { email }, exists: false }
}

/** The configured relying party (the first of each list), else the request URL's. */
function getRelayingParty(options: WebAuthnRequestContext): RelayingParty {
  const { relayingParty } = options.provider
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
  return {
    id: first(relayingParty?.id) ?? options.url.hostname,
    name: first(relayingParty?.name) ?? options.url.host,
    origin: first(relayingParty?.origin) ?? options.url.origin,
  }
}
