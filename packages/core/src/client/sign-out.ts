/** `signOut` in the browser: a form POST to `/signout` with the CSRF token and `callbackUrl`. */
import { postAction } from "./requests.js"
import type { ActionContext } from "./sign-in.js"
import type { SignOutOptions, SignOutResult } from "./types.js"

/**
 * Signs out, tells the other tabs, and goes to `redirectTo` (or where the server says). With
 * `redirect: false`, updates the session stores and resolves with the URL instead.
 *
 * When the server did not answer with where to go (offline, a `503`, a proxy's error page), the
 * sign-out did not happen: nothing is told to the other tabs, and `redirect: false` resolves
 * with `error` (the JSON body's, else `"ClientFetchError"`) beside the URL; a redirect still goes
 * to `redirectTo`, as the user asked to leave the page.
 *
 * @see https://authjs.dev/getting-started/session-management/login
 */
export async function signOut(
  context: ActionContext,
  options: SignOutOptions = {},
): Promise<SignOutResult | undefined> {
  const { redirect = true, redirectTo, callbackUrl } = options
  const target = redirectTo ?? callbackUrl ?? context.options.currentUrl()
  const form = new URLSearchParams({
    csrfToken: await context.getCsrfToken(),
    callbackUrl: target,
  })
  const response = await postAction(context.options, "signout", form)
  const signedOut = response.url !== undefined
  const url = response.url ?? target
  if (redirect) {
    if (signedOut) context.hub.broadcast("signout")
    context.options.navigate(url)
    return undefined
  }
  if (!signedOut) return { url, error: response.error ?? "ClientFetchError" }
  await context.hub.refetchAll()
  context.hub.broadcast("signout")
  return { url }
}
