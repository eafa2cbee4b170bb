import { describe, expect, it } from "vitest"
import { body, count } from "../../../test/support/html.js"
import { assignFormIds } from "./form-ids.js"
import type { PageProvider } from "./page-provider.js"
import { renderSignInPage } from "./render.js"

const ORIGIN = "https://app.example.com"

function provider(id: string, type: PageProvider["type"], fields?: string[]): PageProvider {
  return {
    id,
    name: id,
    type,
    signinUrl: `${ORIGIN}/auth/signin/${id}`,
    callbackUrl: `${ORIGIN}/auth/callback/${id}`,
    credentials: fields
      ? Object.fromEntries(fields.map((name) => [name, { label: name }]))
      : undefined,
  }
}

function page(providers: PageProvider[]): string {
  const { html } = renderSignInPage({
    providers,
    csrfToken: "csrf",
    callbackUrl: ORIGIN,
    theme: {},
    origin: ORIGIN,
  })
  return body(html)
}

function ids(html: string): string[] {
  return [...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1] ?? "")
}

describe("ids on the sign-in page", () => {
  it("keeps Auth.js's ids on a page with one form", () => {
    const [ids] = assignFormIds([provider("credentials", "credentials", ["username", "password"])])
    expect(ids?.submit).toBe("submitButton")
    expect([...(ids?.fields ?? [])]).toEqual([
      ["username", "input-username-for-credentials-provider"],
      ["password", "input-password-for-credentials-provider"],
    ])
  })

  it("gives a second form's button submitButton-<provider id>, the WebAuthn spelling", () => {
    const html = page([
      provider("ldap", "credentials", ["username", "password"]),
      provider("local", "credentials", ["username", "password"]),
      provider("nodemailer", "email"),
    ])
    expect(html).toContain('<button id="submitButton" type="submit">Sign in with ldap</button>')
    expect(html).toContain('<button id="submitButton-local" type="submit">Sign in with local')
    expect(html).toContain('<button id="submitButton-nodemailer" type="submit">Sign in with')
    expect(html).toContain('for="input-username-for-local-provider"')
  })

  it("never repeats an id, even when names are built to collide or contain spaces", () => {
    const html = page([
      provider("a", "credentials", ["b-for-c", "first name"]),
      provider("c-for-a", "credentials", ["b"]),
      provider("x", "credentials", ["y"]),
      provider("x", "credentials", ["y"]),
    ])
    const all = ids(html)
    expect(all.length).toBeGreaterThan(8)
    expect(new Set(all).size).toBe(all.length)
    expect(all).toContain("input-b-for-c-for-a-provider-2")
    expect(all).toContain("input-first-name-for-a-provider")
    expect(all).not.toContainEqual(expect.stringMatching(/\s/))
    // Every label still names its own input.
    for (const [, id] of html.matchAll(/<label[^>]* for="([^"]+)"/g)) {
      expect(count(html, `id="${id}"`)).toBe(1)
    }
  })
})

describe("autofocus on the sign-in page", () => {
  it("is on the first field of the page only, whatever provider it belongs to", () => {
    const html = page([
      provider("github", "oauth"),
      provider("credentials", "credentials", ["username", "password"]),
      provider("nodemailer", "email"),
    ])
    expect(count(html, "autofocus")).toBe(1)
    expect(html).toMatch(
      /<input name="username" id="input-username-for-credentials-provider"[^>]* autofocus\/>/,
    )
  })

  it("is on the e-mail field when the e-mail form comes first", () => {
    const html = page([provider("nodemailer", "email"), provider("c", "credentials", ["otp"])])
    expect(count(html, "autofocus")).toBe(1)
    expect(html).toContain('<input id="input-email-for-nodemailer-provider" autofocus')
  })

  it("skips hidden fields and pages without fields", () => {
    const withHidden: PageProvider = {
      ...provider("c", "credentials"),
      credentials: { tenant: { type: "hidden", value: "t1" }, code: { label: "Code" } },
    }
    expect(assignFormIds([withHidden])[0]?.autofocus).toBe("code")
    expect(count(page([provider("github", "oauth")]), "autofocus")).toBe(0)
  })
})
