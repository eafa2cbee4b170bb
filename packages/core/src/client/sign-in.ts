/**
 * `signIn` in the browser, with next-auth/react's semantics: credentials POST to
 * `/callback/<id>`, e-mail and OAuth providers to `/signin/<id>`, a form with the CSRF token and
 * `callbackUrl`, answered as `{ url }` thanks to `X-Auth-Return-Redirect`.
 */
import type { ResolvedClientOptions } from "./options.js"
import { signInResultOf } from "./parse.js"
import { type ActionResponse, postAction } from "./requests.js"
import type { SessionHub } from "./session-hub.js"
import type {
  ClientSafeProvider,
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
  const target = redirectTo ?? callbackUrl ?? context.options.currentUrl()
  const type = await providerTypeOf(context, provider, target)
  if (provider === undefined || type === undefined) return undefined
  if (type === "webauthn") {
    throw new TypeError(
      `Provider "${provider}" is a WebAuthn provider: sign in with the WebAuthn client's signIn instead.`,
    )
  }
  const form = formOf(fields)
  form.set("csrfToken", await context.getCsrfToken())
  form.set("callbackUrl", target)
  const action = type === "credentials" ? "callback" : "signin"
  const response = await postAction(
    context.options,
    actionPath(action, provider, authorizationParams),
    form,
  )
  // Only a credentials sign-in changes the session now; OAuth and e-mail change it later, on
  // the callback page (whose first session fetch tells the other tabs).
  return settleSignIn(context, response, {
    target,
    redirect,
    changesSession: type === "credentials",
  })
}

/**
 * The type of `provider` as `GET /providers` lists it. When there is nothing to sign in with,
 * navigates instead and returns `undefined`: to the error page when the providers cannot be
 * listed, to the sign-in page (`?callbackUrl=<target>`) without a provider or with an unknown
 * one, as next-auth/react does.
 */
export async function providerTypeOf(
  context: ActionContext,
  provider: string | undefined,
  target: string,
): Promise<ClientSafeProvider["type"] | undefined> {
  const { apiUrl, navigate } = context.options
  const providers = await context.getProviders()
  if (providers === null) {
    navigate(`${apiUrl}/error`)
    return undefined
  }
  const type = provider === undefined ? undefined : providers[provider]?.type
  if (type === undefined) {
    navigate(`${apiUrl}/signin?${new URLSearchParams({ callbackUrl: target })}`)
  }
  return type
}

/** `<action>/<provider>`, with `?<authorizationParams>` when there are any. */
export function actionPath(
  action: "signin" | "callback",
  provider: string,
  authorizationParams: SignInAuthorizationParams | undefined,
): string {
  const query = new URLSearchParams(authorizationParams).toString()
  return `${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`
}

/**
 * What follows a sign-in POST. With `redirect`, navigates to the returned URL (or `target`);
 * without, resolves with the {@link SignInResult}. When it signed the user in
 * (`changesSession` and no error), every store of this client refetches (before resolving) and
 * the other tabs are told.
 */
export async function settleSignIn(
  context: ActionContext,
  response: ActionResponse,
  settings: { target: string; redirect: boolean; changesSession: boolean },
): Promise<SignInResult | undefined> {
  const result = signInResultOf(response)
  const signedIn = settings.changesSession && result.ok
  if (settings.redirect) {
    if (signedIn) context.hub.broadcast("signin")
    context.options.navigate(response.url ?? settings.target)
    return undefined
  }
  if (signedIn) {
    await context.hub.refetchAll()
    context.hub.broadcast("signin")
  }
  return result
}

/** The extra form fields (`email`, `password`, …): strings as they are, others `String()`ed. */
export function formOf(fields: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.set(name, String(value))
  }
  return form
}
