/** The sign-in page's WebAuthn forms: the markup the page script relies on, and the script. */
import { describe, expect, it } from "vitest"
import { body, count } from "../../../test/support/html.js"
import { type PageProvider, renderSignInPage, type SignInPageProps } from "./render.js"
import { WEBAUTHN_PAGE_SCRIPT } from "./webauthn-script.generated.js"

const ORIGIN = "https://app.example.com"
const CSRF = "csrf-token-value"

/** The Passkey provider as core lists it: its default `formFields` as `credentials`. */
const passkey: PageProvider = {
  id: "passkey",
  name: "Passkey",
  type: "webauthn",
  signinUrl: `${ORIGIN}/auth/signin/passkey`,
  callbackUrl: `${ORIGIN}/auth/callback/passkey`,
  credentials: { email: { label: "Email", required: true, autocomplete: "username webauthn" } },
  enableConditionalUI: true,
}
const github: PageProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth",
  signinUrl: `${ORIGIN}/auth/signin/github`,
  callbackUrl: `${ORIGIN}/auth/callback/github`,
}

function signIn(overrides: Partial<SignInPageProps> = {}) {
  return body(
    renderSignInPage({
      providers: [passkey],
      csrfToken: CSRF,
      callbackUrl: `${ORIGIN}/dashboard`,
      theme: {},
      origin: ORIGIN,
      ...overrides,
    }).html,
  )
}

/** The `<form …>…</form>` with `id`. */
function formOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`)
  expect(start).toBeGreaterThan(0)
  const open = html.lastIndexOf("<form", start)
  return html.slice(open, html.indexOf("</form>", start) + "</form>".length)
}

describe("the WebAuthn form", () => {
  it("posts the fields, the CSRF token, callbackUrl and the hidden action and data to the callback", () => {
    expect(formOf(signIn(), "passkey-form")).toBe(
      `<form action="${ORIGIN}/auth/callback/passkey" method="POST" id="passkey-form" ` +
        `data-webauthn-options="${ORIGIN}/auth/webauthn-options/passkey" data-webauthn-conditional-ui>` +
        `<input type="hidden" name="csrfToken" value="${CSRF}"/>` +
        `<input type="hidden" name="callbackUrl" value="${ORIGIN}/dashboard"/>` +
        '<input type="hidden" name="action" value/>' +
        '<input type="hidden" name="data" value/>' +
        '<div><label class="section-header" for="input-email-for-passkey-provider">Email</label>' +
        '<input name="email" id="input-email-for-passkey-provider" data-form-field="true" ' +
        'data-required="true" type="text" autocomplete="username webauthn" autofocus/></div>' +
        '<div class="error" role="alert" hidden data-webauthn-error><p></p></div>' +
        '<button id="submitButton-passkey" type="submit">Sign in with Passkey</button></form>',
    )
  })

  it("asks for conditional UI only when the provider enables it", () => {
    const html = signIn({ providers: [{ ...passkey, enableConditionalUI: false }] })
    expect(html).not.toContain("data-webauthn-conditional-ui")
  })

  it("finds the options beside the callback, at the root base path and for ids that need escaping", () => {
    const root = { ...passkey, callbackUrl: `${ORIGIN}/callback/passkey` }
    expect(signIn({ providers: [root] })).toContain(
      `data-webauthn-options="${ORIGIN}/webauthn-options/passkey"`,
    )
    const spaced = { ...passkey, id: "my key", callbackUrl: `${ORIGIN}/auth/callback/my%20key` }
    expect(signIn({ providers: [spaced] })).toContain(
      `data-webauthn-options="${ORIGIN}/auth/webauthn-options/my%20key"`,
    )
    const nested = { ...passkey, callbackUrl: `${ORIGIN}/callback/auth/callback/passkey` }
    expect(signIn({ providers: [nested] })).toContain(
      `data-webauthn-options="${ORIGIN}/callback/auth/webauthn-options/passkey"`,
    )
  })

  it("leaves callbackUrl out when there is none (the cookie has it)", () => {
    expect(formOf(signIn({ callbackUrl: "" }), "passkey-form")).not.toContain('name="callbackUrl"')
  })

  it("labels every visible field and names its button", () => {
    const html = signIn({ providers: [github, passkey] })
    const fors = [...html.matchAll(/<label[^>]* for="([^"]+)"/g)].map((m) => m[1])
    const visible = [...html.matchAll(/<input(?![^>]*type="hidden")[^>]*\bid="([^"]+)"/g)]
    expect(visible.map((m) => m[1])).toEqual(fors)
    expect(html).toMatch(/<button id="submitButton-passkey" type="submit">Sign in with Passkey</)
  })
})

describe("the WebAuthn script", () => {
  it("is inlined once, after the card, when the page lists WebAuthn providers", () => {
    const second = { ...passkey, id: "webauthn", name: "WebAuthn", enableConditionalUI: false }
    const html = signIn({ providers: [github, passkey, second] })
    expect(count(html, "<script")).toBe(1)
    expect(html).toContain(`</div><script>${WEBAUTHN_PAGE_SCRIPT}</script></div></main>`)
  })

  it("is left out of a page without WebAuthn providers", () => {
    expect(signIn({ providers: [github] })).not.toContain("<script")
    // A WebAuthn provider without form fields is not rendered, and needs no script.
    const { credentials: _fields, ...bare } = passkey
    expect(signIn({ providers: [github, bare] })).not.toContain("<script")
  })

  it("loads nothing from elsewhere and cannot end its element early", () => {
    expect(WEBAUTHN_PAGE_SCRIPT).not.toMatch(/<\/script|<!--/i)
    expect(WEBAUTHN_PAGE_SCRIPT).not.toMatch(/unpkg|https?:\/\/(?!simplewebauthn\.dev)/)
    expect(WEBAUTHN_PAGE_SCRIPT).toMatch(/^"use strict";\(\(\)=>\{/)
  })
})
