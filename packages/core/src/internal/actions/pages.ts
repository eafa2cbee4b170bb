import { UnknownAction } from "../../errors.js"
import { callbackUrlOf as providerCallbackUrl, signinUrlOf } from "../config/provider.js"
import { type ActionResult, redirectTo } from "../http/action-result.js"
import { pageHeaders } from "../http/page-headers.js"
import {
  type PageProvider,
  type RenderedPage,
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerifyRequestPage,
} from "../pages/render.js"
import { type AuthContext, actionUrl, callbackUrlOf, csrfTokenOf } from "../request/context.js"
import { assertNotUnavailable } from "./provider-lookup.js"
import { withQuery } from "./with-query.js"

/** GET `/signin`: the built-in sign-in page, or a redirect to `pages.signIn`. */
export async function signInPageAction(context: AuthContext): Promise<ActionResult> {
  if (context.request.providerId !== undefined) {
    assertNotUnavailable(context)
    throw new UnknownAction(
      `GET ${context.basePath}/signin/${context.request.providerId} is not an action: sign-in starts with a POST.`,
    )
  }
  const { query } = context.request
  // Opened without `callbackUrl` the page starts a new sign-in: it returns to the site, not to
  // where an earlier flow left the callback-URL cookie (Auth.js reuses that). Shown with an
  // `error` it is the retry of the flow that failed (core's own redirect, which carries no
  // `callbackUrl`), so the cookie still says where that flow was going.
  const callbackUrl = await callbackUrlOf(context, { fromCookie: Boolean(query.error) })
  const custom = context.config.pages.signIn
  if (custom) {
    return redirectTo(withQuery(custom, { callbackUrl, error: query.error, code: query.code }))
  }
  const csrfToken = await csrfTokenOf(context)
  const page = renderSignInPage({
    providers: pageProviders(context),
    csrfToken,
    callbackUrl,
    email: query.email,
    error: query.error,
    code: query.code,
    theme: context.config.theme,
    origin: context.origin,
  })
  return pageResult(context, page)
}

/**
 * A rendered page as a response: never cached, framed only as `frameAncestors` allows (see
 * `pageHeaders`).
 */
function pageResult(context: AuthContext, page: RenderedPage): ActionResult {
  const headers = pageHeaders(context.config.frameAncestors)
  return { status: page.status, headers, body: page.html, cookies: [] }
}

function pageProviders(context: AuthContext): PageProvider[] {
  return context.config.providers
    .filter((provider) => provider.type !== "credentials" || provider.credentials)
    .map((provider) => {
      const page: PageProvider = {
        id: provider.id,
        name: provider.name,
        type: provider.type,
        signinUrl: signinUrlOf(context.origin, context.basePath, provider.id),
        callbackUrl: providerCallbackUrl(context.origin, context.basePath, provider.id),
        style: provider.style as PageProvider["style"],
        credentials: provider.credentials as PageProvider["credentials"],
      }
      if (provider.type === "webauthn") {
        // A WebAuthn provider's fields are its `formFields`.
        page.credentials = provider.formFields as PageProvider["credentials"]
        page.enableConditionalUI = provider.enableConditionalUI
      }
      return page
    })
}

/** GET `/signout`: the sign-out confirmation page, or a redirect to `pages.signOut`. */
export async function signOutPageAction(context: AuthContext): Promise<ActionResult> {
  const custom = context.config.pages.signOut
  if (custom) return redirectTo(custom)
  const csrfToken = await csrfTokenOf(context)
  // Without `callbackUrl`, back to the site: never to where an earlier sign-in went (a
  // protected page that would only send the signed-out user to sign in again).
  const callbackUrl = await callbackUrlOf(context, { fromCookie: false })
  const page = renderSignOutPage({
    csrfToken,
    callbackUrl,
    actionUrl: actionUrl(context, "signout"),
    origin: context.origin,
    theme: context.config.theme,
  })
  return pageResult(context, page)
}

/** GET `/verify-request`: the "check your e-mail" page, or a redirect to `pages.verifyRequest`. */
export function verifyRequestPageAction(context: AuthContext): ActionResult {
  const custom = context.config.pages.verifyRequest
  if (custom) return redirectTo(withQuery(custom, context.request.query))
  const page = renderVerifyRequestPage({ origin: context.origin, theme: context.config.theme })
  return pageResult(context, page)
}

/** GET `/error`: the error page (status by error type), or a redirect to `pages.error`. */
export function errorPageAction(context: AuthContext): ActionResult {
  const error = context.request.query.error
  const custom = context.config.pages.error
  if (custom) return redirectTo(withQuery(custom, { error }))
  const page = renderErrorPage({
    error,
    origin: context.origin,
    signInUrl: actionUrl(context, "signin"),
    theme: context.config.theme,
  })
  return pageResult(context, page)
}
