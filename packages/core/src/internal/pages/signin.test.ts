import { describe, expect, it } from "vitest"
import { body, count } from "../../../test/support/html.js"
import type { SignInPageErrorParam } from "../../types.js"
import { type PageProvider, renderSignInPage, type SignInPageProps } from "./render.js"

const ORIGIN = "https://app.example.com"
const CSRF = "csrf-token-value"

const github: PageProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth",
  signinUrl: `${ORIGIN}/auth/signin/github`,
  callbackUrl: `${ORIGIN}/auth/callback/github`,
}
const email: PageProvider = {
  id: "nodemailer",
  name: "Email",
  type: "email",
  signinUrl: `${ORIGIN}/auth/signin/nodemailer`,
  callbackUrl: `${ORIGIN}/auth/callback/nodemailer`,
}
const credentials: PageProvider = {
  id: "credentials",
  name: "Credentials",
  type: "credentials",
  signinUrl: `${ORIGIN}/auth/signin/credentials`,
  callbackUrl: `${ORIGIN}/auth/callback/credentials`,
  credentials: {
    username: { label: "Username", placeholder: "jsmith" },
    password: { label: "Password", type: "password" },
  },
}

function signIn(overrides: Partial<SignInPageProps> = {}) {
  return renderSignInPage({
    providers: [github],
    csrfToken: CSRF,
    callbackUrl: `${ORIGIN}/dashboard`,
    theme: {},
    origin: ORIGIN,
    ...overrides,
  })
}

/**
 * Every `<label for>` names an element id in the page, and every visible input has a label
 * (the inline script's text, which mentions `<input>`, is not markup).
 */
function expectLabelledInputs(page: string): void {
  const html = page.replace(/<script>.*?<\/script>/gs, "")
  const fors = [...html.matchAll(/<label[^>]* for="([^"]+)"/g)].map((m) => m[1])
  for (const id of fors) expect(html).toContain(`id="${id}"`)
  const visibleInputs = [...html.matchAll(/<input(?![^>]*type="hidden")[^>]*>/g)]
  for (const [input] of visibleInputs) {
    const id = /\bid="([^"]+)"/.exec(input)?.[1]
    expect(id, input).toBeDefined()
    expect(fors).toContain(id)
  }
}

describe("renderSignInPage", () => {
  it("returns status 200 and the OAuth form with the CSRF token and the validated callbackUrl", () => {
    const { status, html } = signIn()
    expect(status).toBe(200)
    expect(body(html)).toContain(
      '<main class="page"><div class="signin"><div class="card"><h1>Sign in</h1><div class="provider">' +
        `<form action="${ORIGIN}/auth/signin/github" method="POST">` +
        `<input type="hidden" name="csrfToken" value="${CSRF}"/>` +
        `<input type="hidden" name="callbackUrl" value="${ORIGIN}/dashboard"/>` +
        '<button type="submit" class="button"><span>Sign in with GitHub</span></button></form></div>',
    )
  })

  it("omits the hidden callbackUrl when it is empty", () => {
    expect(signIn({ callbackUrl: "" }).html).not.toContain('name="callbackUrl"')
  })

  it("shows no provider logo unless style.logo is set, and never an authjs.dev one", () => {
    const plain = body(signIn().html)
    expect(plain).not.toContain("<img")
    expect(plain).not.toContain("authjs.dev")
    const styled = signIn({
      providers: [{ ...github, style: { logo: "/logos/github.svg", brandColor: "#24292f" } }],
    }).html
    expect(styled).toContain(
      '<button type="submit" class="button" style="--provider-brand-color:#24292f;">' +
        '<span>Sign in with GitHub</span><img loading="lazy" height="24" src="/logos/github.svg" alt/></button>',
    )
  })

  it("drops an unsafe provider logo and color, falling back to style.bg", () => {
    const { html } = signIn({
      providers: [
        {
          ...github,
          style: { logo: "javascript:alert(1)", brandColor: "red;} body{display:none", bg: "#fff" },
        },
      ],
    })
    expect(html).not.toContain("javascript:")
    expect(html).not.toContain("display:none")
    expect(body(html)).not.toContain("<img")
    expect(html).toContain('style="--provider-brand-color:#fff;"')
  })

  it("renders the email form with a labelled, pre-filled, required input and no placeholder", () => {
    const html = body(signIn({ providers: [email], email: "user@example.com" }).html)
    expect(html).toContain(
      `<form action="${ORIGIN}/auth/signin/nodemailer" method="POST">` +
        `<input type="hidden" name="csrfToken" value="${CSRF}"/>` +
        '<label class="section-header" for="input-email-for-nodemailer-provider">Email</label>' +
        '<input id="input-email-for-nodemailer-provider" autofocus type="email" name="email" value="user@example.com" autocomplete="email" required/>' +
        '<button id="submitButton" type="submit">Sign in with Email</button></form>',
    )
    expect(html).not.toContain('name="callbackUrl"')
    expectLabelledInputs(html)
  })

  it("renders the credentials form posting to the provider callback, with labelled inputs", () => {
    const html = body(signIn({ providers: [credentials] }).html)
    expect(html).toContain(
      `<form action="${ORIGIN}/auth/callback/credentials" method="POST" data-keep-fields="[&quot;username&quot;]">` +
        `<input type="hidden" name="csrfToken" value="${CSRF}"/>` +
        '<div><label class="section-header" for="input-username-for-credentials-provider">Username</label>' +
        '<input name="username" id="input-username-for-credentials-provider" type="text" placeholder="jsmith" autofocus/></div>' +
        '<div><label class="section-header" for="input-password-for-credentials-provider">Password</label>' +
        '<input name="password" id="input-password-for-credentials-provider" type="password"/></div>' +
        '<button id="submitButton" type="submit">Sign in with Credentials</button></form>',
    )
    expectLabelledInputs(html)
  })

  it("keeps the identifier across a failed attempt: the fields to keep, restored on an error page", () => {
    const plain = signIn({ providers: [credentials] }).html
    expect(plain).toContain("<script>(function () {")
    expect(plain).not.toContain("data-restore-fields>")
    const failed = body(signIn({ providers: [credentials], error: "CredentialsSignin" }).html)
    expect(failed).toContain(
      'method="POST" data-keep-fields="[&quot;username&quot;]" data-restore-fields>',
    )
    // Nothing to keep (a one-time code, a password): no attribute and no script.
    const secrets = signIn({
      providers: [
        {
          ...credentials,
          credentials: {
            otp: { label: "Code", autocomplete: "one-time-code" },
            password: { label: "Password", type: "password" },
          },
        },
      ],
      error: "CredentialsSignin",
    }).html
    expect(secrets).not.toContain("data-keep-fields=")
    expect(secrets).not.toContain("<script>")
  })

  it("labels a credential with its key when no label is configured", () => {
    const html = body(signIn({ providers: [{ ...credentials, credentials: { otp: {} } }] }).html)
    expect(html).toContain('for="input-otp-for-credentials-provider">otp</label>')
  })

  it("emits only whitelisted credential attributes", () => {
    const html = body(
      signIn({
        providers: [
          email,
          {
            ...credentials,
            credentials: {
              pin: {
                label: "PIN",
                type: "image",
                formaction: "https://evil.test",
                onfocus: "alert(1)",
                style: "display:none",
                autofocus: true,
                required: true,
                autoComplete: "one-time-code",
                minLength: 4,
                maxlength: "8",
                pattern: "[0-9]*",
                inputMode: "numeric",
                value: "12",
              },
            },
          },
        ],
      }).html,
    )
    expect(html).toContain(
      '<input name="pin" id="input-pin-for-credentials-provider" type="text" value="12" required autocomplete="one-time-code" minlength="4" maxlength="8" pattern="[0-9]*" inputmode="numeric"/>',
    )
    // The exact match above shows the config's `autofocus: true` dropped: the e-mail field is first.
    for (const banned of ["formaction", "onfocus", "display:none", 'label="']) {
      expect(html).not.toContain(banned)
    }
  })

  it("renders credentials only when fields are configured (an empty object counts)", () => {
    const { credentials: _fields, ...bare } = credentials
    expect(body(signIn({ providers: [bare] }).html)).not.toContain("Sign in with Credentials")
    expect(body(signIn({ providers: [{ ...credentials, credentials: {} }] }).html)).toContain(
      '<button id="submitButton" type="submit">Sign in with Credentials</button>',
    )
  })

  it("renders a WebAuthn form with data-form-field inputs and its own submit id", () => {
    const passkey: PageProvider = {
      id: "passkey",
      name: "Passkey",
      type: "webauthn",
      signinUrl: `${ORIGIN}/auth/signin/passkey`,
      callbackUrl: `${ORIGIN}/auth/callback/passkey`,
      credentials: { email: { label: "Email", type: "email", required: true } },
    }
    const html = body(signIn({ providers: [passkey] }).html)
    expect(html).toContain(
      `<form action="${ORIGIN}/auth/callback/passkey" method="POST" id="passkey-form" data-webauthn-options="${ORIGIN}/auth/webauthn-options/passkey">`,
    )
    expect(html).toContain(
      // Required to register only: the script checks it, the browser does not block sign-in.
      '<input name="email" id="input-email-for-passkey-provider" data-form-field="true" data-required="true" type="email" autofocus/>',
    )
    expect(html).toContain(
      '<button id="submitButton-passkey" type="submit">Sign in with Passkey</button>',
    )
    expectLabelledInputs(html)
  })

  it("separates OAuth buttons from forms with an <hr>", () => {
    const html = body(signIn({ providers: [github, email, credentials] }).html)
    // Before the email form (previous is OAuth) and after it (more follow); none after the last.
    expect(count(html, "<hr/>")).toBe(2)
    expect(html).toContain(
      '<div class="provider"><hr/><form action="https://app.example.com/auth/signin/nodemailer"',
    )
    expect(html).toContain("Sign in with Email</button></form><hr/></div>")
    expect(count(body(signIn({ providers: [github, { ...github, id: "x" }] }).html), "<hr")).toBe(0)
  })

  it("uses real buttons, no positive tabindex, and labels for every visible input", () => {
    const html = body(signIn({ providers: [github, email, credentials] }).html)
    expect(count(html, "<button")).toBe(3)
    expect(count(html, 'type="submit"')).toBe(3)
    expect(html).not.toMatch(/tabindex="[1-9]/i)
    expect(html).not.toMatch(/<input[^>]*type="(submit|button|image)"/)
    expectLabelledInputs(html)
  })

  const messages: Record<SignInPageErrorParam, string> = {
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

  it.each(Object.entries(messages))("shows the %s message in an alert box first", (error, text) => {
    expect(body(signIn({ error, code: "credentials" }).html)).toContain(
      `<div class="signin"><div class="card"><div class="error" role="alert"><p>${text}</p></div>`,
    )
  })

  it("reads a cancel at the OAuth provider (access_denied) as a cancel, not a failure", () => {
    expect(body(signIn({ error: "OAuthCallbackError", code: "access_denied" }).html)).toContain(
      '<div class="error" role="alert"><p>Sign-in was cancelled.</p></div>',
    )
    // The code means a cancel only with OAuthCallbackError.
    expect(body(signIn({ error: "CredentialsSignin", code: "access_denied" }).html)).toContain(
      "<p>Sign in failed. Check the details you provided are correct.</p>",
    )
  })

  it.each(["MissingCSRF", "AccountNotLinked", "constructor", "__proto__", "toString"])(
    "shows the default message for %s",
    (error) => {
      expect(body(signIn({ error }).html)).toContain(
        '<div class="error" role="alert"><p>Unable to sign in.</p></div>',
      )
    },
  )

  it("has one heading, after the error box and the logo", () => {
    const html = body(
      signIn({ error: "SessionRequired", theme: { logo: "/logo.svg" }, providers: [email] }).html,
    )
    expect(count(html, "<h1")).toBe(1)
    expect(html).toContain(
      '</p></div><img src="/logo.svg" alt="Logo" class="logo"/><h1>Sign in</h1><div class="provider">',
    )
  })

  it("shows no error box without an error", () => {
    expect(body(signIn().html)).not.toContain('class="error"')
  })

  it("escapes a hostile provider name, callbackUrl, csrfToken and email", () => {
    const { html } = signIn({
      providers: [{ ...github, name: "<script>alert(1)</script>" }, email],
      callbackUrl: '"><script>alert(2)</script>',
      csrfToken: '"><script>alert(3)</script>',
      email: '"><img src=x onerror=alert(4)>',
    })
    expect(html).not.toContain("<script>")
    expect(html).not.toContain("<img src=x")
    expect(html).toContain("<span>Sign in with &lt;script>alert(1)&lt;/script></span>")
    expect(html).toContain('name="callbackUrl" value="&quot;>&lt;script>alert(2)&lt;/script>"')
    expect(html).toContain('name="csrfToken" value="&quot;>&lt;script>alert(3)&lt;/script>"')
    expect(html).toContain('value="&quot;>&lt;img src=x onerror=alert(4)>"')
  })

  it("escapes hostile credential labels, keys and placeholders", () => {
    const html = body(
      signIn({
        providers: [
          {
            ...credentials,
            credentials: {
              '"><b>': { label: "<i>x</i>", placeholder: '"onmouseover="alert(1)' },
            },
          },
        ],
      }).html,
    )
    expect(html).not.toContain("<b>")
    expect(html).not.toContain("<i>")
    expect(html).toContain('placeholder="&quot;onmouseover=&quot;alert(1)"')
    expect(html).toContain(">&lt;i>x&lt;/i></label>")
  })
})
