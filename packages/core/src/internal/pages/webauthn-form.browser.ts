/**
 * The inline script of the sign-in page when it lists a WebAuthn provider: the page's forms
 * (marked up by `signin.tsx`) bound to `@simplewebauthn/browser`. Bundled with it by
 * `scripts/build-webauthn-page-script.mjs` into `webauthn-script.generated.ts`, so the page
 * loads nothing from another origin (Auth.js loads the library from unpkg.com).
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser"
import { setUpWebAuthnForms, type WebAuthnFormView } from "./webauthn-form.js"

/** The form's DOM as the script uses it; the attributes are `signin.tsx`'s. */
function formView(form: HTMLFormElement): WebAuthnFormView {
  const alert = form.querySelector<HTMLElement>("[data-webauthn-error]")
  const setHidden = (name: string, value: string): void => {
    const input = form.elements.namedItem(name)
    if (input instanceof HTMLInputElement) input.value = value
  }
  return {
    optionsUrl: form.dataset.webauthnOptions ?? "",
    conditionalUI: form.dataset.webauthnConditionalUi !== undefined,
    fields: () =>
      Array.from(form.querySelectorAll<HTMLInputElement>("input[data-form-field]"), (input) => ({
        name: input.name,
        value: input.value,
        required: input.required || input.dataset.required !== undefined,
      })),
    interceptSubmit(handler) {
      form.addEventListener("submit", (event) => {
        event.preventDefault()
        handler()
      })
    },
    hide() {
      const block = form.closest<HTMLElement>(".provider") ?? form
      block.hidden = true
    },
    showError(message) {
      if (alert === null) return
      const text = alert.querySelector("p") ?? alert
      text.textContent = message ?? ""
      alert.hidden = message === undefined
    },
    submit(action, data) {
      setHidden("action", action)
      setHidden("data", data)
      // A native post (not `requestSubmit`): it skips the submit listener, and the browser
      // follows the callback's redirect.
      HTMLFormElement.prototype.submit.call(form)
    },
  }
}

setUpWebAuthnForms(
  Array.from(document.querySelectorAll<HTMLFormElement>("form[data-webauthn-options]"), formView),
  {
    browserSupportsWebAuthn,
    browserSupportsWebAuthnAutofill,
    startAuthentication,
    startRegistration,
    async getJson(url) {
      const response = await fetch(url, { headers: { accept: "application/json" } })
      if (!response.ok) {
        console.error(`GET ${url} answered ${response.status}.`)
        return undefined
      }
      return response.json()
    },
    logger: console,
  },
)
