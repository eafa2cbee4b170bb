/**
 * What the `SignIn` and `SignOut` buttons do in the browser: one click listener on the document
 * (however many buttons a page has), reading each button's call from its data attribute.
 */
import { type AstroSignInOptions, type AstroSignOutParams, signIn, signOut } from "../client.js"

/** The attribute of a `SignIn` button: `{ provider, options, authParams }` as JSON. */
export const SIGN_IN_ATTRIBUTE = "data-auth-astro-signin"

/** The attribute of a `SignOut` button: its `params` as JSON. */
export const SIGN_OUT_ATTRIBUTE = "data-auth-astro-signout"

interface SignInCall {
  provider?: string
  options?: AstroSignInOptions
  authParams?: Record<string, string>
}

let listening = false

/** Starts the document's click listener, once per page. */
export function listenForAuthButtons(): void {
  if (listening) return
  listening = true
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null
    const signInButton = target?.closest(`[${SIGN_IN_ATTRIBUTE}]`)
    if (signInButton) {
      const call = readCall<SignInCall>(signInButton, SIGN_IN_ATTRIBUTE)
      void signIn(call.provider, call.options, call.authParams)
      return
    }
    const signOutButton = target?.closest(`[${SIGN_OUT_ATTRIBUTE}]`)
    if (signOutButton) void signOut(readCall<AstroSignOutParams>(signOutButton, SIGN_OUT_ATTRIBUTE))
  })
}

function readCall<T>(button: Element, attribute: string): T {
  return JSON.parse(button.getAttribute(attribute) ?? "{}") as T
}
