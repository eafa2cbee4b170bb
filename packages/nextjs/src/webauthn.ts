/**
 * `next-auth/webauthn`: signing in with a passkey from a Client Component, next-auth 5's
 * `signIn` for WebAuthn providers. A thin layer over `@auth/core/client/webauthn` (options,
 * the browser's ceremony through `@simplewebauthn/browser`, the callback form with its CSRF
 * token), on the same base path as `next-auth/react`. Also lists and removes the signed-in
 * user's passkeys.
 *
 * @example
 * "use client"
 * import { signIn } from "next-auth/webauthn"
 *
 * <button onClick={() => signIn("passkey")}>Sign in with a passkey</button>
 * <button onClick={() => signIn("passkey", { action: "register" })}>Add a passkey</button>
 *
 * @module next-auth/webauthn
 */
import {
  createWebAuthnClient,
  type PasskeysResult,
  type WebAuthnClient,
} from "@auth/core/client/webauthn"
import { clientFor } from "./internal/browser-client.js"
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from "./react.js"

export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type Passkey,
  type PasskeysError,
  type PasskeysResult,
  type WebAuthnCeremonyError,
} from "@auth/core/client/webauthn"

/** One WebAuthn client per browser client (per base path). */
const webAuthnClients = new WeakMap<object, WebAuthnClient>()

function webAuthnClient(): WebAuthnClient {
  const client = clientFor()
  let webauthn = webAuthnClients.get(client)
  if (!webauthn) {
    webauthn = createWebAuthnClient(client)
    webAuthnClients.set(client, webauthn)
  }
  return webauthn
}

/**
 * Signs in, or registers a passkey, with a WebAuthn provider (`"passkey"`, `"webauthn"`): the
 * server picks the ceremony (a new e-mail registers; `action: "register"` adds a passkey to the
 * signed-in user), the browser runs it, and the result is posted to the provider's callback.
 * Then as `next-auth/react`'s `signIn` for credentials: it navigates to `redirectTo` (default:
 * this page), or with `redirect: false` resolves with `{ error, code, status, ok, url }` and
 * refreshes the session.
 *
 * A prompt the user closed resolves with `{ error: "WebAuthnCancelled", ok: false, status: 0 }`
 * (also without `redirect: false`); a browser without WebAuthn with `"WebAuthnUnsupported"`.
 * When the server gives no options (e.g. `action: "register"` for an e-mail that has an
 * account), it resolves `undefined` and logs why, as next-auth 5 does.
 *
 * @typeParam _P unused; keeps next-auth 5 calls such as `signIn<"credentials">(…)` compiling
 * @throws {TypeError} for a provider that is not a WebAuthn provider
 * @example
 * const result = await signIn("passkey", { email, redirect: false })
 * if (result?.error === "WebAuthnCancelled") setHint("No passkey was chosen.")
 */
export async function signIn<_P extends string | undefined = undefined>(
  provider?: string,
  options?: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | undefined> {
  return webAuthnClient().signIn(provider, options, authorizationParams)
}

/**
 * The signed-in user's passkeys (`GET <basePath>/passkeys`), or `{ ok: false, error:
 * "Unauthorized" }` when nobody is signed in.
 */
export async function listPasskeys(): Promise<PasskeysResult> {
  return webAuthnClient().listPasskeys()
}

/**
 * Removes a passkey of the signed-in user by its id; resolves with the ones left, or `{ ok:
 * false, error: "LastSignInMethod" }` when it is the user's only way to sign in.
 */
export async function removePasskey(id: string): Promise<PasskeysResult> {
  return webAuthnClient().removePasskey(id)
}
