/**
 * `@auth/sveltekit/webauthn`: signing in with a passkey from the browser, and the signed-in
 * user's passkeys. A thin layer over `@auth/core/client/webauthn` (options, the browser's
 * ceremony through `@simplewebauthn/browser`, the callback form with its CSRF token), bound to
 * the app's auth routes at `<paths.base>/auth` like `@auth/sveltekit/client` (Auth.js's module
 * fetched the options without the `/auth` segment).
 *
 * @example
 * <script lang="ts">
 *   import { signIn } from "@auth/sveltekit/webauthn"
 * </script>
 *
 * <button onclick={() => signIn("passkey")}>Sign in with a passkey</button>
 *
 * @module @auth/sveltekit/webauthn
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
import { authBasePath } from "./internal/base-path.js"

export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type Passkey,
  type PasskeysError,
  type PasskeysResult,
  type WebAuthnCeremonyError,
} from "@auth/core/client/webauthn"

let client: WebAuthnClient | undefined

/** The passkey client of this app's auth routes, made on first use (it reads the page's URL). */
function webAuthnClient(): WebAuthnClient {
  client ??= createWebAuthnClient(
    createAuthClient({ basePath: authBasePath(globalThis.location.href) }),
  )
  return client
}

/**
 * Signs in, or registers a passkey, with a WebAuthn provider (`"passkey"`): the server picks the
 * ceremony (a new e-mail registers; `action: "register"` adds a passkey to the signed-in user),
 * the browser runs it, and the result is posted to the provider's callback. Then it navigates to
 * `redirectTo` (default: this page), or with `redirect: false` resolves with `{ error, code,
 * status, ok, url }`; the session stores of every tab follow.
 *
 * A prompt the user closed resolves with `{ error: "WebAuthnCancelled", ok: false, status: 0 }`
 * (also without `redirect: false`); a browser without WebAuthn with `"WebAuthnUnsupported"`.
 * When the server gives no options it resolves `undefined` and logs why.
 *
 * @throws {TypeError} for a provider that is not a WebAuthn provider
 * @example
 * const result = await signIn("passkey", { email, redirect: false })
 * if (result?.error === "WebAuthnCancelled") hint = "No passkey was chosen."
 */
export async function signIn(
  provider?: ProviderId,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  return webAuthnClient().signIn(provider, options, authorizationParams)
}

/**
 * The signed-in user's passkeys (`GET <base>/auth/passkeys`), or `{ ok: false, error:
 * "Unauthorized" }` when nobody is signed in.
 */
export function listPasskeys(): Promise<PasskeysResult> {
  return webAuthnClient().listPasskeys()
}

/**
 * Removes a passkey of the signed-in user by its id; resolves with the ones left, or `{ ok:
 * false, error: "LastSignInMethod" }` when it is the user's only way to sign in.
 */
export function removePasskey(id: string): Promise<PasskeysResult> {
  return webAuthnClient().removePasskey(id)
}
