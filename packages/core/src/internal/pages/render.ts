/**
 * The built-in pages, rendered on the server with Preact.
 *
 * Each function is pure: props in, `{ status, html, title }` out. The caller (routing) adds the
 * `Content-Type: text/html` header and decides whether a custom page from `pages` replaces it.
 */
import { type RenderedPage, renderDocument } from "./document.js"
import { ErrorPage, type ErrorPageProps } from "./error.js"
import { SignInPage, type SignInPageProps } from "./signin.js"
import { SignOutPage, type SignOutPageProps } from "./signout.js"
import { VerifyRequestPage, type VerifyRequestPageProps } from "./verify-request.js"

export type { PageCredentialInput } from "./credential-input.js"
export type { RenderedPage } from "./document.js"
export type { ErrorPageProps } from "./error.js"
export type { PageProvider } from "./page-provider.js"
export type { SignInPageProps } from "./signin.js"
export type { SignOutPageProps } from "./signout.js"
export type { VerifyRequestPageProps } from "./verify-request.js"

/**
 * Renders the sign-in page (`GET <basePath>/signin`), status 200.
 *
 * @example
 * ```ts
 * const { status, html } = renderSignInPage({ providers, csrfToken, callbackUrl, theme, origin })
 * return new Response(html, { status, headers: { "Content-Type": "text/html" } })
 * ```
 */
export function renderSignInPage(props: SignInPageProps): RenderedPage {
  return renderDocument({
    status: 200,
    title: "Sign In",
    theme: props.theme,
    page: SignInPage(props),
  })
}

/** Renders the sign-out confirmation page (`GET <basePath>/signout`), status 200. */
export function renderSignOutPage(props: SignOutPageProps): RenderedPage {
  return renderDocument({
    status: 200,
    title: "Sign Out",
    theme: props.theme,
    page: SignOutPage(props),
  })
}

/** Renders the "check your email" page (`GET <basePath>/verify-request`), status 200. */
export function renderVerifyRequestPage(props: VerifyRequestPageProps): RenderedPage {
  return renderDocument({
    status: 200,
    title: "Verify Request",
    theme: props.theme,
    page: VerifyRequestPage(props),
  })
}

/**
 * Renders the error page (`GET <basePath>/error`).
 *
 * Status: `Configuration` 500, `AccessDenied` 403, `Verification` 403, anything else 200.
 */
export function renderErrorPage(props: ErrorPageProps): RenderedPage {
  const { status, page } = ErrorPage(props)
  return renderDocument({ status, title: "Error", theme: props.theme, page })
}
