/**
 * `@auth/astro/webauthn`: signing in with a passkey from the browser, and the signed-in user's
 * passkeys, with the client's option names (`callbackUrl`, `redirect`, `prefix`). A thin layer
 * over `@auth/core/client/webauthn` (options, the browser's ceremony through
 * `@simplewebauthn/browser`, the callback form with its CSRF token). Import it in a `<script>`.
 *
 * @example
 * <button id="passkey">Sign in with a passkey</button>
 * <script>
 *   import { signIn } from "@auth/astro/webauthn"
 *   document.querySelector("#passkey")?.addEventListener("click", () => signIn("passkey"))
 * </script>
 *
 * @module @auth/astro/webauthn
 */
import {
  createAuthClient,
  normalizeBasePath,
  type SignInAuthorizationParams,
  type SignInResult,
} from "@auth/core/client"
import {
  createWebAuthnClient,
  type PasskeysResult,
  type WebAuthnClient,
} from "@auth/core/client/webauthn"
import type { ProviderId } from "@auth/core/providers"
import type { AstroSignInOptions, PrefixOption } from "./client.js"
import { DEFAULT_PREFIX } from "./internal/options.js"

export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type Passkey,
  type PasskeysError,
  type PasskeysResult,
  type WebAuthnCeremonyError,
} from "@auth/core/client/webauthn"

const clients = new Map<string, WebAuthnClient>()

/** One passkey client per prefix, so every call on a page shares its cross-tab channel. */
function clientFor(prefix = DEFAULT_PREFIX): WebAuthnClient {
  const basePath = normalizeBasePath(prefix)
  let client = clients.get(basePath)
  if (!client) {
    client = createWebAuthnClient(createAuthClient({ basePath }))
    clients.set(basePath, client)
  }
  return client
}

/**
 * Signs in, or registers a passkey, with a WebAuthn provider (`"passkey"`): the server picks the
 * ceremony (a new e-mail registers; `action: "register"` adds a passkey to the signed-in user),
 * the browser runs it, and the result is posted to the provider's callback. Then it navigates to
 * `callbackUrl` (default: this page), or with `redirect: false` resolves with `{ error, code,
 * status, ok, url }`; the session stores of every tab follow.
 *
 * A prompt the user closed resolves with `{ error: "WebAuthnCancelled", ok: false, status: 0 }`
 * (also without `redirect: false`); a browser without WebAuthn with `"WebAuthnUnsupported"`.
 * When the server gives no options it resolves `undefined` and logs why.
 *
 * @throws {TypeError} for a provider that is not a WebAuthn provider
 * @example
 * const result = await signIn("passkey", { email, redirect: false })
 * if (result?.error === "WebAuthnCancelled") hint.textContent = "No passkey was chosen."
 */
export async function signIn(
  providerId?: ProviderId,
  options?: AstroSignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  const { prefix, ...signInOptions } = options ?? {}
  return clientFor(prefix).signIn(providerId, signInOptions, authorizationParams)
}

/**
 * The signed-in user's passkeys (`GET <prefix>/passkeys`), or `{ ok: false, error:
 * "Unauthorized" }` when nobody is signed in.
 */
export function listPasskeys(options: PrefixOption = {}): Promise<PasskeysResult> {
  return clientFor(options.prefix).listPasskeys()
}

/**
 * Removes a passkey of the signed-in user by its id; resolves with the ones left, or `{ ok:
 * false, error: "LastSignInMethod" }` when it is the user's only way to sign in.
 */
export function removePasskey(id: string, options: PrefixOption = {}): Promise<PasskeysResult> {
  return clientFor(options.prefix).removePasskey(id)
}
