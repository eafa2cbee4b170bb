/**
 * The Passkey provider: WebAuthn with the settings that make credentials passkeys
 * (discoverable, user-verified).
 *
 * Its sign-in page button reads "Sign in with Passkey"; apps register one for a signed-in user
 * with `signIn("passkey", { action: "register" })` from the WebAuthn client.
 *
 * @see https://passkeys.dev/docs/intro/what-are-passkeys/
 * @module providers/passkey
 */
import WebAuthn, { DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnConfig } from "./webauthn.js"

/**
 * Creates the Passkey provider (id `passkey`): WebAuthn requiring resident keys and user
 * verification in both ceremonies. Every option can be overridden, though authenticators may
 * then not treat the credentials as passkeys.
 *
 * @example
 * import Passkey from "@auth/core/providers/passkey"
 *
 * const config = { providers: [Passkey], adapter: PostgresAdapter(pool) }
 */
export default function Passkey(config: Partial<WebAuthnConfig> = {}): WebAuthnConfig {
  return WebAuthn({
    id: "passkey",
    name: "Passkey",
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT, userVerification: "required" },
    registrationOptions: {
      timeout: DEFAULT_WEBAUTHN_TIMEOUT,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    },
    verifyAuthenticationOptions: { requireUserVerification: true },
    verifyRegistrationOptions: { requireUserVerification: true },
    ...config,
  })
}
