/**
 * `@auth/hono/webauthn`: passkeys in the browser of a Hono app, on the routes of
 * `authHandler()` at `/api/auth`. `@auth/core/client/webauthn` bound to that base path: signing
 * in (or registering) with a WebAuthn provider, and the signed-in user's passkeys. For another
 * base path, or to share the session stores of your `createAuthClient`, pass that client to
 * {@link createWebAuthnClient}.
 *
 * @example
 * import { signIn } from "@auth/hono/webauthn"
 *
 * document.querySelector("#passkey")?.addEventListener("click", () => signIn("passkey"))
 *
 * @module @auth/hono/webauthn
 */
import {
  createAuthClient,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignInResult,
} from "@auth/core/client"
import {
  createWebAuthnClient,
  type PasskeysResult,
  type WebAuthnClient,
} from "@auth/core/client/webauthn"
import type { ProviderId } from "@auth/core/providers"

export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  createWebAuthnClient,
  type Passkey,
  type PasskeysError,
  type PasskeysResult,
  type WebAuthnCeremonyError,
  type WebAuthnClient,
} from "@auth/core/client/webauthn"

/** Where `authHandler()` is mounted in the README's setup, and the server's default base path. */
const DEFAULT_BASE_PATH = "/api/auth"

let client: WebAuthnClient | undefined

function defaultClient(): WebAuthnClient {
  client ??= createWebAuthnClient(createAuthClient({ basePath: DEFAULT_BASE_PATH }))
  return client
}

/**
 * Signs in, or registers a passkey, with a WebAuthn provider (`"passkey"`) at `/api/auth`: the
 * server picks the ceremony (a new e-mail registers; `action: "register"` adds a passkey to the
 * signed-in user), the browser runs it, and the result is posted to the provider's callback.
 * Then it navigates to `redirectTo` (default: this page), or with `redirect: false` resolves
 * with `{ error, code, status, ok, url }`.
 *
 * A prompt the user closed resolves with `{ error: "WebAuthnCancelled", ok: false, status: 0 }`
 * (also without `redirect: false`); a browser without WebAuthn with `"WebAuthnUnsupported"`.
 * When the server gives no options it resolves `undefined` and logs why.
 *
 * @throws {TypeError} for a provider that is not a WebAuthn provider
 */
export function signIn(
  provider?: ProviderId,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  return defaultClient().signIn(provider, options, authorizationParams)
}

/**
 * The signed-in user's passkeys (`GET /api/auth/passkeys`), or `{ ok: false, error:
 * "Unauthorized" }` when nobody is signed in.
 */
export function listPasskeys(): Promise<PasskeysResult> {
  return defaultClient().listPasskeys()
}

/**
 * Removes a passkey of the signed-in user by its id; resolves with the ones left, or `{ ok:
 * false, error: "LastSignInMethod" }` when it is the user's only way to sign in.
 */
export function removePasskey(id: string): Promise<PasskeysResult> {
  return defaultClient().removePasskey(id)
}
