/**
 * The WebAuthn forms of the built-in sign-in page, in the browser (the code of the inline script,
 * see `webauthn-form.browser.ts`). Auth.js's `webauthn-client.js` behaviour:
 *
 * - without WebAuthn in the browser, the forms are hidden;
 * - a submitted form asks `<basePath>/webauthn-options/<id>?<fields>` which ceremony to run,
 *   runs it, fills the hidden `action` and `data` inputs and posts the form to the callback;
 * - on load, the first provider with `enableConditionalUI` offers its passkeys in the browser's
 *   autofill of the `autocomplete="… webauthn"` field (WebAuthn conditional mediation).
 *
 * Unlike Auth.js, a failed or cancelled ceremony shows a message on the page, and every WebAuthn
 * provider's form works (Auth.js ran the script for one provider only). The DOM is reached through
 * {@link WebAuthnFormView}, so this logic runs in tests without a browser.
 *
 * @see https://www.w3.org/TR/webauthn-3/#enum-credentialMediationRequirement conditional mediation
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser"

/** What the script needs of `@simplewebauthn/browser` (and of the page). */
export interface WebAuthnPageEnvironment {
  browserSupportsWebAuthn(): boolean
  browserSupportsWebAuthnAutofill(): Promise<boolean>
  startAuthentication(options: {
    optionsJSON: PublicKeyCredentialRequestOptionsJSON
    useBrowserAutofill?: boolean
  }): Promise<AuthenticationResponseJSON>
  startRegistration(options: {
    optionsJSON: PublicKeyCredentialCreationOptionsJSON
  }): Promise<RegistrationResponseJSON>
  /** `GET url` (same origin, with cookies), parsed as JSON; `undefined` unless it answered 2xx. */
  getJson(url: string): Promise<unknown>
  logger: { error(...values: unknown[]): void }
}

/** One WebAuthn form of the page, as the script uses it. */
export interface WebAuthnFormView {
  /** `<basePath>/webauthn-options/<id>` (the form's `data-webauthn-options`). */
  optionsUrl: string
  /** Whether the provider has `enableConditionalUI` (`data-webauthn-conditional-ui`). */
  conditionalUI: boolean
  /** The provider's form fields (`input[data-form-field]`), in order. */
  fields(): { name: string; value: string; required: boolean }[]
  /** Calls `handler` instead of submitting the form. */
  interceptSubmit(handler: () => void): void
  /** Hides the form (and its separator): this browser cannot use it. */
  hide(): void
  /** Shows `message` in the form's alert box; `undefined` hides the box. */
  showError(message: string | undefined): void
  /** Fills the hidden `action` and `data` inputs and posts the form to the callback. */
  submit(action: "authenticate" | "register", data: string): void
}

/** The messages of the form's alert box. */
export const WEBAUTHN_FORM_MESSAGES = {
  cancelled: "The passkey request was cancelled or timed out. Try again.",
  failed: "This passkey could not be used. Try again, or sign in another way.",
  unavailable: "Signing in with a passkey is not available right now. Try again later.",
  missingFields: "Fill in every field to create a passkey.",
} as const

type OptionsBody =
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }

/**
 * Sets up the page's WebAuthn forms: hides them without WebAuthn, else intercepts their submit
 * and starts conditional UI (in the background: it waits for the user) for the first form that
 * asks for it.
 */
export function setUpWebAuthnForms(
  views: readonly WebAuthnFormView[],
  env: WebAuthnPageEnvironment,
): void {
  if (views.length === 0) return
  if (!env.browserSupportsWebAuthn()) {
    for (const view of views) view.hide()
    return
  }
  const autofillView = views.find((view) => view.conditionalUI)
  // One ceremony at a time: a second click while the prompt is open does nothing.
  let running = false
  const autofill = async (): Promise<void> => {
    if (autofillView === undefined) return
    try {
      if (await env.browserSupportsWebAuthnAutofill()) {
        await startAutofill(autofillView, env, () => !running)
      }
    } catch (error) {
      env.logger.error(error)
    }
  }
  const onSubmit = async (view: WebAuthnFormView): Promise<void> => {
    running = true
    const submitted = await submitWithPasskey(view, env).catch((error: unknown) => {
      env.logger.error(error)
      return false
    })
    if (submitted) return // the page is leaving; stay `running`
    running = false
    // The modal ceremony aborted the autofill one: offer the passkeys in autofill again.
    await autofill()
  }
  for (const view of views) {
    view.interceptSubmit(() => {
      if (!running) void onSubmit(view)
    })
  }
  void autofill()
}

/**
 * The submit of a form: options for its fields, the ceremony the server chose, then the form
 * post. Resolves `true` once the form is posted, `false` after showing why it was not.
 */
export async function submitWithPasskey(
  view: WebAuthnFormView,
  env: WebAuthnPageEnvironment,
): Promise<boolean> {
  view.showError(undefined)
  const fields = view.fields()
  const query = new URLSearchParams(fields.map((field) => [field.name, field.value]))
  const body = await fetchOptions(`${view.optionsUrl}?${query}`, env)
  if (body === undefined) {
    view.showError(WEBAUTHN_FORM_MESSAGES.unavailable)
    return false
  }
  if (body.action === "register" && fields.some((field) => field.required && !field.value)) {
    view.showError(WEBAUTHN_FORM_MESSAGES.missingFields)
    return false
  }
  try {
    const data =
      body.action === "authenticate"
        ? await env.startAuthentication({ optionsJSON: body.options })
        : await env.startRegistration({ optionsJSON: body.options })
    view.submit(body.action, JSON.stringify(data))
    return true
  } catch (error) {
    if (isCancellation(error)) {
      view.showError(WEBAUTHN_FORM_MESSAGES.cancelled)
    } else {
      env.logger.error(error)
      view.showError(WEBAUTHN_FORM_MESSAGES.failed)
    }
    return false
  }
}

/**
 * Conditional UI: authentication options without fields (the passkey says who it is), then a
 * ceremony that waits until the user picks a passkey in the autofill, then the form post. A
 * modal ceremony started meanwhile aborts it, silently; one started while the options were on
 * their way keeps going (`idle()` is then false): starting autofill would abort it.
 */
async function startAutofill(
  view: WebAuthnFormView,
  env: WebAuthnPageEnvironment,
  idle: () => boolean,
): Promise<void> {
  const body = await fetchOptions(`${view.optionsUrl}?action=authenticate`, env)
  if (body?.action !== "authenticate" || !idle()) return
  try {
    const data = await env.startAuthentication({
      optionsJSON: body.options,
      useBrowserAutofill: true,
    })
    view.submit("authenticate", JSON.stringify(data))
  } catch (error) {
    if (!isCancellation(error)) env.logger.error(error)
  }
}

async function fetchOptions(
  url: string,
  env: WebAuthnPageEnvironment,
): Promise<OptionsBody | undefined> {
  let body: unknown
  try {
    body = await env.getJson(url)
  } catch (error) {
    env.logger.error(error)
    return undefined
  }
  if (typeof body !== "object" || body === null) return undefined
  const { action, options } = body as { action?: unknown; options?: unknown }
  if (typeof options !== "object" || options === null) return undefined
  if (action === "authenticate") {
    return { action, options: options as PublicKeyCredentialRequestOptionsJSON }
  }
  if (action === "register") {
    return { action, options: options as PublicKeyCredentialCreationOptionsJSON }
  }
  return undefined
}

/**
 * The user closed the prompt or it timed out (`NotAllowedError`, which browsers use for both on
 * purpose), or another ceremony replaced it (`AbortError`).
 *
 * @see https://www.w3.org/TR/webauthn-3/#sctn-getAssertion
 */
function isCancellation(error: unknown): boolean {
  const name = error instanceof Error ? error.name : undefined
  return name === "NotAllowedError" || name === "AbortError"
}
