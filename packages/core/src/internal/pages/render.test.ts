import { describe, expect, it } from "vitest"
import { body, count } from "../../../test/support/html.js"
import {
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerifyRequestPage,
  type SignInPageProps,
} from "./render.js"
import { PAGE_CSS } from "./styles.js"

const ORIGIN = "https://app.example.com"
const CSRF = "csrf-token-value"

function signIn(overrides: Partial<SignInPageProps> = {}) {
  return renderSignInPage({
    providers: [],
    csrfToken: CSRF,
    callbackUrl: `${ORIGIN}/dashboard`,
    theme: {},
    origin: ORIGIN,
    ...overrides,
  })
}

describe("document shell", () => {
  it("is a complete HTML document with one stylesheet and the page wrapper as main landmark", () => {
    const { html, title } = signIn()
    expect(title).toBe("Sign In")
    expect(html.startsWith('<!DOCTYPE html><html lang="en"><head>')).toBe(true)
    expect(html).toContain('<meta charset="UTF-8"/>')
    expect(html).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1.0"/>',
    )
    expect(html).toContain("<title>Sign In</title>")
    expect(count(html, "<style")).toBe(1)
    expect(html).toContain(`<style>${PAGE_CSS}</style>`)
    expect(html).toContain('<body class="__next-auth-theme-auto"><main class="page">')
    expect(html.endsWith("</div></main></body></html>")).toBe(true)
  })

  it.each(["light", "dark", "auto"] as const)("uses the %s color scheme class", (colorScheme) => {
    expect(signIn({ theme: { colorScheme } }).html).toContain(
      `<body class="__next-auth-theme-${colorScheme}"`,
    )
  })

  it("falls back to auto for an unknown color scheme", () => {
    const theme = { colorScheme: '"><script>' } as unknown as SignInPageProps["theme"]
    expect(signIn({ theme }).html).toContain('<body class="__next-auth-theme-auto"')
  })

  it("sets --brand-color and --button-text-color from the theme", () => {
    const { html } = signIn({ theme: { brandColor: "#ff5500", buttonText: "rgb(255, 255, 255)" } })
    expect(html).toContain(
      '<body class="__next-auth-theme-auto" style="--brand-color:#ff5500;--button-text-color:rgb(255, 255, 255);">',
    )
  })

  it("drops a brandColor or buttonText that is not a plain color", () => {
    const { html } = signIn({
      theme: { brandColor: "red;} body{display:none", buttonText: "</style><script>x</script>" },
    })
    expect(html).not.toContain("--brand-color:")
    expect(html).not.toContain("--button-text-color:")
    expect(html).not.toContain("display:none")
    expect(html).not.toContain("<script>")
    expect(html).toContain('<body class="__next-auth-theme-auto">')
  })

  it("shows the theme logo and drops an unsafe one", () => {
    const logo = "https://cdn.example.com/logo.svg"
    expect(signIn({ theme: { logo } }).html).toContain(
      `<img src="${logo}" alt="Logo" class="logo"/>`,
    )
    const unsafe = signIn({ theme: { logo: "javascript:alert(1)" } }).html
    expect(unsafe).not.toContain("javascript:")
    expect(unsafe).not.toContain("<img")
  })
})

describe("renderSignOutPage", () => {
  const actionUrl = `${ORIGIN}/auth/signout`

  it("renders the Sign out heading, the confirmation form and Cancel back to the site", () => {
    const { status, title, html } = renderSignOutPage({
      csrfToken: CSRF,
      actionUrl,
      origin: ORIGIN,
      theme: {},
    })
    expect(status).toBe(200)
    expect(title).toBe("Sign Out")
    expect(html).toContain("<title>Sign Out</title>")
    expect(body(html)).toContain(
      '<div class="signout"><div class="card"><h1>Sign out</h1><p>Are you sure you want to sign out?</p>' +
        `<form action="${actionUrl}" method="POST"><input type="hidden" name="csrfToken" value="${CSRF}"/>` +
        '<button id="submitButton" type="submit">Sign out</button></form>' +
        `<a class="button" href="${ORIGIN}">Cancel</a></div></div>`,
    )
    expect(html).not.toContain('name="callbackUrl"')
  })

  it("leads Cancel back to the callback URL", () => {
    const callbackUrl = `${ORIGIN}/dashboard`
    const { html } = renderSignOutPage({
      csrfToken: CSRF,
      actionUrl,
      origin: ORIGIN,
      callbackUrl,
      theme: {},
    })
    expect(html).toContain(`<a class="button" href="${callbackUrl}">Cancel</a>`)
  })

  it("adds the callbackUrl when given, escaped, plus the theme logo and colors", () => {
    const { html } = renderSignOutPage({
      csrfToken: CSRF,
      actionUrl,
      origin: ORIGIN,
      callbackUrl: '/"><script>',
      theme: { logo: "/logo.png", brandColor: "hsl(200, 50%, 40%)", buttonText: "#000" },
    })
    expect(html).toContain('<input type="hidden" name="callbackUrl" value="/&quot;>&lt;script>"/>')
    expect(html).toContain('<img src="/logo.png" alt="Logo" class="logo"/><h1>Sign out</h1>')
    expect(html).toContain('<a class="button" href="/&quot;>&lt;script>">Cancel</a>')
    expect(html).toContain('style="--brand-color:hsl(200, 50%, 40%);--button-text-color:#000;"')
  })
})

describe("renderVerifyRequestPage", () => {
  it("tells the user to check their email and links to the site", () => {
    const { status, title, html } = renderVerifyRequestPage({ origin: ORIGIN, theme: {} })
    expect(status).toBe(200)
    expect(title).toBe("Verify Request")
    expect(body(html)).toContain(
      '<div class="verify-request"><div class="card"><h1>Check your email</h1>' +
        "<p>A sign in link has been sent to your email address.</p>" +
        `<p><a class="site" href="${ORIGIN}">app.example.com</a></p></div></div>`,
    )
  })

  it("links the mailbox the theme names, before the site link", () => {
    const { html } = renderVerifyRequestPage({
      origin: ORIGIN,
      theme: { mailbox: { url: "/mailbox", name: "the playground mailbox" } },
    })
    expect(body(html)).toContain(
      "<p>A sign in link has been sent to your email address.</p>" +
        '<p><a class="button" href="/mailbox">Open the playground mailbox</a></p>' +
        `<p><a class="site" href="${ORIGIN}">app.example.com</a></p>`,
    )
  })

  it("calls a mailbox without a name 'your mailbox'", () => {
    const mailbox = { url: "https://mail.example.com/inbox", name: "  " }
    expect(renderVerifyRequestPage({ origin: ORIGIN, theme: { mailbox } }).html).toContain(
      '<a class="button" href="https://mail.example.com/inbox">Open your mailbox</a>',
    )
  })

  it.each(["javascript:alert(1)", "//evil.test/inbox", "data:text/html,x", 42])(
    "shows no mailbox link for the url %j",
    (url) => {
      const theme = { mailbox: { url } } as unknown as Parameters<
        typeof renderVerifyRequestPage
      >[0]["theme"]
      const html = body(renderVerifyRequestPage({ origin: ORIGIN, theme }).html)
      expect(html).not.toContain("Open ")
      expect(html).not.toContain('class="button"')
    },
  )

  it("escapes an origin that is not a URL", () => {
    const { html } = renderVerifyRequestPage({ origin: '"><script>x</script>', theme: {} })
    expect(html).not.toContain("<script>")
    expect(html).toContain('href="&quot;>&lt;script>x&lt;/script>"')
  })
})

describe("renderErrorPage", () => {
  const signInUrl = `${ORIGIN}/auth/signin`
  const render = (error?: string) =>
    renderErrorPage({ error, origin: ORIGIN, signInUrl, theme: {} })

  it.each([
    ["Configuration", 500, "Server error"],
    ["AccessDenied", 403, "Access Denied"],
    ["Verification", 403, "Unable to sign in"],
    ["WebAuthnVerificationError", 200, "Error"],
    ["constructor", 200, "Error"],
    [undefined, 200, "Error"],
  ])("%s: status %i, heading %s", (error, status, heading) => {
    const page = render(error)
    expect(page.status).toBe(status)
    expect(page.title).toBe("Error")
    expect(page.html).toContain("<title>Error</title>")
    expect(body(page.html)).toContain(`<div class="error"><div class="card"><h1>${heading}</h1>`)
  })

  it("Configuration: tells the developer to check the server logs and links back to the site", () => {
    const html = body(render("Configuration").html)
    expect(html).toContain(
      '<div class="message"><div><p>There is a problem with the server configuration.</p>' +
        "<p>Check the server logs for more information.</p>" +
        `<p><a class="site" href="${ORIGIN}">app.example.com</a></p></div></div>`,
    )
    expect(html).not.toContain("Sign in</a>")
  })

  it("AccessDenied: links to signInUrl inside the message", () => {
    expect(body(render("AccessDenied").html)).toContain(
      '<div class="message"><div><p>You do not have permission to sign in.</p>' +
        `<p><a class="button" href="${signInUrl}">Sign in</a></p></div></div></div>`,
    )
  })

  it("Verification: links to signInUrl after the message", () => {
    expect(body(render("Verification").html)).toContain(
      '<div class="message"><div><p>The sign in link is no longer valid.</p>' +
        "<p>It may have been used already or it may have expired.</p></div></div>" +
        `<a class="button" href="${signInUrl}">Sign in</a></div>`,
    )
  })

  it("default: links to the site origin", () => {
    expect(body(render("OAuthSignin").html)).toContain(
      `<div class="message"><p><a class="site" href="${ORIGIN}">app.example.com</a></p></div>`,
    )
  })

  it("escapes the signInUrl and applies the theme", () => {
    const { html } = renderErrorPage({
      error: "AccessDenied",
      origin: ORIGIN,
      signInUrl: '/auth/signin"><script>alert(1)</script>',
      theme: { colorScheme: "dark", brandColor: "red;} body{display:none", logo: "javascript:x" },
    })
    expect(html).not.toContain("<script>")
    expect(html).not.toContain("display:none")
    expect(html).not.toContain("javascript:")
    expect(html).toContain('href="/auth/signin&quot;>&lt;script>alert(1)&lt;/script>"')
    expect(html).toContain('<body class="__next-auth-theme-dark">')
  })
})

describe("stylesheet", () => {
  it("is compact and cannot close its <style> element", () => {
    expect(PAGE_CSS.split("\n").length).toBeLessThan(250)
    expect(PAGE_CSS).not.toContain("<")
  })

  it("covers the color schemes, card widths, theme variables, separators and focus", () => {
    for (const rule of [
      ".__next-auth-theme-light",
      ".__next-auth-theme-dark",
      "@media (prefers-color-scheme: dark)",
      "width: 368px",
      "width: 343px",
      "var(--brand-color,",
      "var(--button-text-color,",
      "var(--provider-brand-color,",
      'content: "or"',
      ":focus-visible",
    ]) {
      expect(PAGE_CSS).toContain(rule)
    }
  })
})
