/**
 * `signIn` in the browser, with next-auth/react's semantics: credentials POST to
 * `/callback/<id>`, e-mail and OAuth providers to `/signin/<id>`, a form with the CSRF token and
 * `callbackUrl`, answered as `{ url }` thanks to `X-Auth-Return-Redirect`.
 */
import type { ResolvedClientOptions } from "./options.js"
import { signInResultOf } from "./parse.js"
import { postAction } from "./requests.js"
import type { SessionHub } from "./session-hub.js"
import type {
  ClientSafeProviders,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
} from "./types.js"

/** What `signIn` and `signOut` need from their client. */
export interface ActionContext {
  options: ResolvedClientOptions
  hub: SessionHub
  getProviders(): Promise<ClientSafeProviders | null>
  getCsrfToken(): Promise<string>
}

/**
 * Signs in with `provider`. Without a provider, or with one the server does not have, goes to
 * the sign-in page (`<basePath>/signin?callbackUrl=…`); when the providers cannot be listed,
 * to the error page. With `redirect: false`, resolves with a {@link SignInResult} and updates
 * the session stores instead of navigating.
 *
 * @throws {TypeError} for a WebAuthn provider (its ceremony needs the WebAuthn client)
 * @see https://authjs.dev/getting-started/session-management/login
 */
export async function signIn(
  context: ActionContext,
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  const { redirect = true, redirectTo, callbackUrl, ...fields } = options
  const { apiUrl, navigate } = context.options
  const target = redirectTo ?? callbackUrl ?? context.options.currentUrl()
  const providers = await context.getProviders()
  if (providers === null) {
    navigate(`${apiUrl}/error`)
    return undefined
  }
  const type = provider === undefined ? undefined : providers[provider]?.type
  if (provider === undefined || type === undefined) {
    navigate(`${apiUrl}/signin?${new URLSearchParams({ callbackUrl: target })}`)
    return undefined
  }
  if (type === "webauthn") {
    throw new TypeError(
      `Provider "${provider}" is a WebAuthn provider: sign in with the WebAuthn client's signIn instead.`,
    )
  }
  const form = formOf(fields)
  form.set("csrfToken", await context.getCsrfToken())
  form.set("callbackUrl", target)
  const query = new URLSearchParams(authorizationParams).toString()
  const action = type === "credentials" ? "callback" : "signin"
  const path = `${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`
  const response = await postAction(context.options, path, form)
  const result = signInResultOf(response)
  // Only a credentials sign-in changes the session now; OAuth and e-mail change it later, on
  // the callback page (whose first session fetch tells the other tabs).
  const signedIn = type === "credentials" && result.ok
  if (redirect) {
    if (signedIn) context.hub.broadcast("signin")
    navigate(response.url ?? target)
    return undefined
  }
  if (signedIn) {
    await context.hub.refetchAll()
    context.hub.broadcast("signin")
  }
  return result
}

/** The extra form fields (`email`, `password`, …): strings as they are, others `String()`ed. */
function formOf(fields: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.set(name, String(value))
  }
  return form
}
