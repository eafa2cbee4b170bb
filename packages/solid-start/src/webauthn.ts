/**
 * `@auth/solid-start/webauthn`: signing in with a passkey from the browser, and the signed-in
 * user's passkeys. A thin layer over `@auth/core/client/webauthn` (options, the browser's
 * ceremony through `@simplewebauthn/browser`, the callback form with its CSRF token), bound to
 * `/api/auth` like `@auth/solid-start/client` unless {@link createWebAuthnClient} is given
 * another `prefix`.
 *
 * @example
 * import { signIn } from "@auth/solid-start/webauthn"
 *
 * <button onClick={() => signIn("passkey")}>Sign in with a passkey</button>
 *
 * @module @auth/solid-start/webauthn
 */
import { createAuthClient, type SignInAuthorizationParams } from "@auth/core/client"
import {
  createWebAuthnClient as createCoreWebAuthnClient,
  type PasskeysResult,
} from "@auth/core/client/webauthn"
import type { ProviderId } from "@auth/core/providers"
import type { SignInOptions, SignInResponse, SolidAuthClientOptions } from "./client.js"

export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type Passkey,
  type PasskeysError,
  type PasskeysResult,
  type WebAuthnCeremonyError,
} from "@auth/core/client/webauthn"

/** The passkey functions of a client bound to one `prefix`. */
export interface SolidWebAuthnClient {
  signIn: typeof signIn
  listPasskeys: typeof listPasskeys
  removePasskey: typeof removePasskey
}

/**
 * Passkey functions for auth routes at another `prefix` than `/api/auth` (the server's
 * `prefix`), with the same functions as this module's.
 *
 * @example
 * // src/lib/webauthn.ts
 * export const { signIn, listPasskeys } = createWebAuthnClient({ prefix: "/auth" })
 */
export function createWebAuthnClient(options: SolidAuthClientOptions = {}): SolidWebAuthnClient {
  // The default of `@auth/solid-start/client`'s `createAuthClient`, where the catch-all route is.
  const { prefix = "/api/auth", ...rest } = options
  // Side-effect free until used: requests and the tabs' channel start on the first call.
  return createCoreWebAuthnClient(createAuthClient({ ...rest, basePath: prefix }))
}

const defaultClient = createWebAuthnClient()

/**
 * Signs in, or registers a passkey, with a WebAuthn provider (`"passkey"`): the server picks the
 * ceremony (a new e-mail registers; `action: "register"` adds a passkey to the signed-in user),
 * the browser runs it, and the result is posted to the provider's callback. Then it navigates to
 * `redirectTo` (default: this page), or with `redirect: false` resolves with `{ error, code,
 * status, ok, url }`; the sessions of every tab follow.
 *
 * A prompt the user closed resolves with `{ error: "WebAuthnCancelled", ok: false, status: 0 }`
 * (also without `redirect: false`); a browser without WebAuthn with `"WebAuthnUnsupported"`.
 * When the server gives no options it resolves `undefined` and logs why.
 *
 * @throws {TypeError} for a provider that is not a WebAuthn provider
 * @example
 * const result = await signIn("passkey", { email: email(), redirect: false })
 * if (result?.error === "WebAuthnCancelled") setHint("No passkey was chosen.")
 */
export function signIn(
  provider?: ProviderId,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | undefined> {
  return defaultClient.signIn(provider, options, authorizationParams)
}

/**
 * The signed-in user's passkeys (`GET /api/auth/passkeys`), or `{ ok: false, error:
 * "Unauthorized" }` when nobody is signed in.
 */
export function listPasskeys(): Promise<PasskeysResult> {
  return defaultClient.listPasskeys()
}

/**
 * Removes a passkey of the signed-in user by its id; resolves with the ones left, or `{ ok:
 * false, error: "LastSignInMethod" }` when it is the user's only way to sign in.
 */
export function removePasskey(id: string): Promise<PasskeysResult> {
  return defaultClient.removePasskey(id)
}
