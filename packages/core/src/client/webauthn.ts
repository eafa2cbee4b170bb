/**
 * `@auth/core/client/webauthn`: passkeys in the browser, on top of a client of
 * `@auth/core/client`. Signing in (or registering) with a WebAuthn provider as
 * next-auth/webauthn does, and listing or removing the signed-in user's passkeys. A separate
 * entry, so only apps that use passkeys load `@simplewebauthn/browser`.
 *
 * @example
 * import { createAuthClient } from "@auth/core/client"
 * import { createWebAuthnClient } from "@auth/core/client/webauthn"
 *
 * const client = createAuthClient({ basePath: "/auth" })
 * const webauthn = createWebAuthnClient(client)
 * const result = await webauthn.signIn("passkey", { email, redirect: false })
 * if (result?.error === "WebAuthnCancelled") showHint("No passkey was chosen.")
 *
 * @see https://www.w3.org/TR/webauthn-3/
 * @module @auth/core/client/webauthn
 */
import type { AuthClient } from "./client.js"
import { actionContextOf } from "./client-context.js"
import { listPasskeys, type PasskeysResult, removePasskey } from "./passkeys.js"
import type { SignInAuthorizationParams, SignInOptions, SignInResult } from "./types.js"
import { webAuthnSignIn } from "./webauthn-sign-in.js"

export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from "@simplewebauthn/browser"
export type { Passkey, PasskeysError, PasskeysResult } from "./passkeys.js"
export type {
  WebAuthnAction,
  WebAuthnCeremonyError,
  WebAuthnOptionsBody,
} from "./webauthn-sign-in.js"

/** Passkeys for one Auth.js server: the functions of {@link createWebAuthnClient}. */
export interface WebAuthnClient {
  /**
   * Signs in with the WebAuthn provider `provider` (`"passkey"`, `"webauthn"`): asks the server
   * which ceremony to run (authenticate, or register a new passkey for a new e-mail or, with
   * `action: "register"`, for the signed-in user), runs it in the browser, and posts its result
   * to the provider's callback. Fields other than `redirect`, `redirectTo` and `callbackUrl`
   * (`email`, `action`) are sent to both requests.
   *
   * Resolves like the client's `signIn` for credentials, except that a ceremony that failed in
   * the browser always resolves with `{ error: "WebAuthnCancelled" | "WebAuthnUnsupported" |
   * "WebAuthnError", code, status: 0, ok: false, url: null }` (also with `redirect: true`), and
   * that it resolves `undefined` (the cause logged) when the server gave no options.
   *
   * @throws {TypeError} for a provider that is not a WebAuthn provider
   * @example
   * await webauthn.signIn("passkey", { email, redirectTo: "/dashboard" })
   * await webauthn.signIn("passkey", { action: "register", redirect: false }) // a new passkey
   */
  signIn(
    provider?: string,
    options?: SignInOptions,
    authorizationParams?: SignInAuthorizationParams,
  ): Promise<SignInResult | undefined>
  /**
   * `GET <basePath>/passkeys`: the signed-in user's passkeys, or `{ ok: false, error:
   * "Unauthorized" }` when nobody is signed in.
   */
  listPasskeys(): Promise<PasskeysResult>
  /**
   * Removes the passkey `id` (its credential id) of the signed-in user and resolves with the
   * ones left. A passkey that is the user's only way to sign in stays: `{ ok: false, error:
   * "LastSignInMethod", status: 409 }`.
   */
  removePasskey(id: string): Promise<PasskeysResult>
}

/**
 * The passkey functions of `client`: they use its base path, `fetch`, logger and navigation,
 * and a passkey sign-in refreshes its session stores and tells the other tabs, as a credentials
 * sign-in does.
 *
 * @throws {TypeError} when `client` was not made by `createAuthClient`
 * @example
 * const webauthn = createWebAuthnClient(createAuthClient({ basePath: "/api/auth" }))
 * const list = await webauthn.listPasskeys()
 * if (list.ok) render(list.passkeys)
 */
export function createWebAuthnClient(client: AuthClient): WebAuthnClient {
  const context = actionContextOf(client)
  return {
    signIn: (provider, options, authorizationParams) =>
      webAuthnSignIn(context, provider, options, authorizationParams),
    listPasskeys: () => listPasskeys(context),
    removePasskey: (id) => removePasskey(context, id),
  }
}
