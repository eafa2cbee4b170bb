import type { JSX } from "preact"
import type { Theme } from "../../types/theme.js"
import type { SignInPageErrorParam } from "../../types.js"
import { CredentialField } from "./credential-input.js"
import { ThemeLogo } from "./document.js"
import { assignFormIds, type ProviderFormIds } from "./form-ids.js"
import { KEEP_FIELDS_SCRIPT, keptFieldNames } from "./keep-fields.js"
import { isFormProvider, type PageProvider } from "./page-provider.js"
import { safeCssColor, safeImageUrl } from "./sanitize.js"
import { WEBAUTHN_PAGE_SCRIPT } from "./webauthn-script.generated.js"

/** What the sign-in page shows. */
export interface SignInPageProps {
  providers: PageProvider[]
  csrfToken: string
  /** The server-validated callback URL; sent back by the OAuth forms. */
  callbackUrl: string
  /** Pre-fills the e-mail field. */
  email?: string
  /** The `error` query parameter; picks the message of the error box. */
  error?: string
  /**
   * The `code` query parameter: a failed credentials sign-in's (accepted, not shown, as in
   * Auth.js), or `access_denied` with `OAuthCallbackError` when the user cancelled at the
   * provider, which the page reads as a cancel.
   */
  code?: string
  theme: Theme
  origin: string
}

const SIGNIN_ERROR_MESSAGES: Record<SignInPageErrorParam | "default", string> = {
  default: "Unable to sign in.",
  Signin: "Try signing in with a different account.",
  OAuthSignin: "Try signing in with a different account.",
  OAuthCallbackError: "Try signing in with a different account.",
  OAuthCreateAccount: "Try signing in with a different account.",
  EmailCreateAccount: "Try signing in with a different account.",
  Callback: "Try signing in with a different account.",
  OAuthAccountNotLinked:
    "To confirm your identity, sign in with the same account you used originally.",
  EmailSignin: "The e-mail could not be sent.",
  CredentialsSignin: "Sign in failed. Check the details you provided are correct.",
  SessionRequired: "Please sign in to access this page.",
  RateLimited: "Too many attempts. Wait a little, then try again.",
}

/**
 * What the sign-in page says when the user cancelled at the OAuth provider: the provider's
 * `access_denied` (RFC 6749 §4.1.2.1), sent as `error=OAuthCallbackError&code=access_denied`.
 */
export const SIGNIN_CANCELLED_MESSAGE = "Sign-in was cancelled."

/**
 * The message of the sign-in error box for an `error` query value (and its `code`);
 * `Object.hasOwn` keeps `constructor` out.
 */
export function signInErrorMessage(error: string, code?: string): string {
  if (error === "OAuthCallbackError" && code === "access_denied") return SIGNIN_CANCELLED_MESSAGE
  return Object.hasOwn(SIGNIN_ERROR_MESSAGES, error)
    ? SIGNIN_ERROR_MESSAGES[error as SignInPageErrorParam]
    : SIGNIN_ERROR_MESSAGES.default
}

/** Auth.js renders credentials and WebAuthn providers only when they have fields configured. */
function isRenderable(provider: PageProvider): boolean {
  if (provider.type === "credentials" || provider.type === "webauthn") {
    return provider.credentials !== undefined && provider.credentials !== null
  }
  return true
}

function CsrfInput({ csrfToken }: { csrfToken: string }): JSX.Element {
  return <input type="hidden" name="csrfToken" value={csrfToken} />
}

function OAuthForm(props: { provider: PageProvider; csrfToken: string; callbackUrl: string }) {
  const { provider, csrfToken, callbackUrl } = props
  const color = safeCssColor(provider.style?.brandColor) ?? safeCssColor(provider.style?.bg)
  const logo = safeImageUrl(provider.style?.logo)
  return (
    <form action={provider.signinUrl} method="POST">
      <CsrfInput csrfToken={csrfToken} />
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <button
        type="submit"
        class="button"
        style={color ? { "--provider-brand-color": color } : undefined}
      >
        <span>Sign in with {provider.name}</span>
        {logo ? <img loading="lazy" height={24} src={logo} alt="" /> : null}
      </button>
    </form>
  )
}

function EmailForm(props: {
  provider: PageProvider
  ids: ProviderFormIds
  csrfToken: string
  email?: string
}) {
  const { provider, ids, csrfToken, email } = props
  const id = ids.fields.get("email")
  return (
    <form action={provider.signinUrl} method="POST">
      <CsrfInput csrfToken={csrfToken} />
      <label class="section-header" for={id}>
        Email
      </label>
      {/* No placeholder: Auth.js's `email@example.com` looked like a filled-in value. */}
      <input
        id={id}
        autofocus={ids.autofocus === "email" || undefined}
        type="email"
        name="email"
        value={email}
        autocomplete="email"
        required
      />
      <button id={ids.submit} type="submit">
        Sign in with {provider.name}
      </button>
    </form>
  )
}

function CredentialFields(props: { provider: PageProvider; ids: ProviderFormIds }) {
  const { provider, ids } = props
  return (
    <>
      {Object.entries(provider.credentials ?? {}).map(([name, config]) => (
        <CredentialField
          key={name}
          id={ids.fields.get(name) ?? name}
          name={name}
          config={config}
          autofocus={ids.autofocus === name}
          formField={provider.type === "webauthn"}
        />
      ))}
    </>
  )
}

/**
 * A credentials form. Its identifier fields (`keptFieldNames`) are kept in the browser across a
 * failed attempt (`KEEP_FIELDS_SCRIPT`); `restore` marks the page of that failure.
 */
function CredentialsForm(props: {
  provider: PageProvider
  ids: ProviderFormIds
  csrfToken: string
  restore: boolean
}) {
  const { provider, ids, csrfToken, restore } = props
  const kept = keptFieldNames(provider.credentials)
  return (
    <form
      action={provider.callbackUrl}
      method="POST"
      id={ids.form}
      data-keep-fields={kept.length > 0 ? JSON.stringify(kept) : undefined}
      data-restore-fields={kept.length > 0 && restore ? "" : undefined}
    >
      <CsrfInput csrfToken={csrfToken} />
      <CredentialFields provider={provider} ids={ids} />
      <button id={ids.submit} type="submit">
        Sign in with {provider.name}
      </button>
    </form>
  )
}

/**
 * `<basePath>/webauthn-options/<id>`: the sibling of the provider's `<basePath>/callback/<id>`
 * (both built by core from the same base path; the last `/callback/` is the action's).
 */
function webAuthnOptionsUrl(provider: PageProvider): string {
  const basePathUrl = provider.callbackUrl.slice(0, provider.callbackUrl.lastIndexOf("/callback/"))
  return `${basePathUrl}/webauthn-options/${encodeURIComponent(provider.id)}`
}

/**
 * A WebAuthn provider's form, driven by the page's script (`webauthn-form.ts`): it fetches the
 * options from `data-webauthn-options`, runs the ceremony, fills the hidden `action` and `data`
 * inputs and posts the form to the callback; failures show in the form's alert box.
 */
function WebAuthnForm(props: {
  provider: PageProvider
  ids: ProviderFormIds
  csrfToken: string
  callbackUrl: string
}) {
  const { provider, ids, csrfToken, callbackUrl } = props
  return (
    <form
      action={provider.callbackUrl}
      method="POST"
      id={ids.form}
      data-webauthn-options={webAuthnOptionsUrl(provider)}
      data-webauthn-conditional-ui={provider.enableConditionalUI ? "" : undefined}
    >
      <CsrfInput csrfToken={csrfToken} />
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <input type="hidden" name="action" value="" />
      <input type="hidden" name="data" value="" />
      <CredentialFields provider={provider} ids={ids} />
      <div class="error" role="alert" hidden data-webauthn-error="">
        <p />
      </div>
      <button id={ids.submit} type="submit">
        Sign in with {provider.name}
      </button>
    </form>
  )
}

/**
 * The WebAuthn forms' script, inlined: a constant bundled at build time (never user data; it
 * holds no `</script`). The built-in pages send no CSP `script-src`, so an inline script runs.
 */
function WebAuthnScript(): JSX.Element {
  return <script dangerouslySetInnerHTML={{ __html: WEBAUTHN_PAGE_SCRIPT }} />
}

/** The credentials forms' script that keeps the identifier across a failed attempt, inlined. */
function KeepFieldsScript(): JSX.Element {
  return <script dangerouslySetInnerHTML={{ __html: KEEP_FIELDS_SCRIPT }} />
}

function ProviderBlock(props: {
  provider: PageProvider
  ids: ProviderFormIds | undefined
  previous: PageProvider | undefined
  hasNext: boolean
  csrfToken: string
  callbackUrl: string
  email?: string
  /** The page shows an error: kept credentials fields come back. */
  restore: boolean
}): JSX.Element {
  const { provider, ids, previous, hasNext, csrfToken, callbackUrl, email, restore } = props
  const formProvider = isFormProvider(provider)
  return (
    <div class="provider">
      {provider.type === "oauth" || provider.type === "oidc" ? (
        <OAuthForm provider={provider} csrfToken={csrfToken} callbackUrl={callbackUrl} />
      ) : null}
      {formProvider && previous !== undefined && !isFormProvider(previous) ? <hr /> : null}
      {provider.type === "email" && ids ? (
        <EmailForm provider={provider} ids={ids} csrfToken={csrfToken} email={email} />
      ) : null}
      {provider.type === "credentials" && ids ? (
        <CredentialsForm provider={provider} ids={ids} csrfToken={csrfToken} restore={restore} />
      ) : null}
      {provider.type === "webauthn" && ids ? (
        <WebAuthnForm
          provider={provider}
          ids={ids}
          csrfToken={csrfToken}
          callbackUrl={callbackUrl}
        />
      ) : null}
      {formProvider && hasNext ? <hr /> : null}
    </div>
  )
}

/**
 * The sign-in page: an optional error box, the theme logo, the "Sign in" heading, then one block
 * per provider. Ids are unique on the page, and the first field of the page has `autofocus`.
 */
export function SignInPage(props: SignInPageProps): JSX.Element {
  const { csrfToken, callbackUrl, email, error, code, theme } = props
  const providers = props.providers.filter(isRenderable)
  const formIds = assignFormIds(providers)
  return (
    <div class="signin">
      <div class="card">
        {error ? (
          <div class="error" role="alert">
            <p>{signInErrorMessage(error, code)}</p>
          </div>
        ) : null}
        <ThemeLogo theme={theme} />
        <h1>Sign in</h1>
        {providers.map((provider, i) => (
          <ProviderBlock
            key={provider.id}
            provider={provider}
            ids={formIds[i]}
            previous={providers[i - 1]}
            hasNext={i + 1 < providers.length}
            csrfToken={csrfToken}
            callbackUrl={callbackUrl}
            email={email}
            restore={Boolean(error)}
          />
        ))}
      </div>
      {providers.some(
        (provider) =>
          provider.type === "credentials" && keptFieldNames(provider.credentials).length > 0,
      ) ? (
        <KeepFieldsScript />
      ) : null}
      {providers.some((provider) => provider.type === "webauthn") ? <WebAuthnScript /> : null}
    </div>
  )
}
