import { describe, expect, it } from "vitest"
import { parseSignInForm, parseSignOutForm } from "./form.js"

function form(entries: Array<[string, string | Blob]>): FormData {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe("parseSignInForm", () => {
  it("splits the fields of Auth.js's <SignIn> form", () => {
    const parsed = parseSignInForm(
      form([
        ["providerId", "github"],
        ["redirectTo", "/after"],
        ["authorizationParams-prompt", "login"],
        ["authorizationParams-login_hint", "ada@example.test"],
        ["email", "ada@example.test"],
        ["csrfToken", "not forwarded"],
      ]),
    )
    expect(parsed.providerId).toBe("github")
    expect(parsed.redirectTo).toBe("/after")
    expect(parsed.redirect).toBe(true)
    expect([...parsed.authorizationParams]).toEqual([
      ["prompt", "login"],
      ["login_hint", "ada@example.test"],
    ])
    expect([...parsed.fields]).toEqual([["email", "ada@example.test"]])
  })

  it('reads redirect "false", the older callbackUrl, and the first of repeated fields', () => {
    const parsed = parseSignInForm(
      form([
        ["redirect", "false"],
        ["callbackUrl", "/old-name"],
        ["password", "first"],
        ["password", "second"],
        ["file", new Blob(["x"])],
      ]),
    )
    expect(parsed.providerId).toBeUndefined()
    expect(parsed.redirect).toBe(false)
    expect(parsed.redirectTo).toBe("/old-name")
    expect([...parsed.fields]).toEqual([["password", "first"]])
  })
})

describe("parseSignOutForm", () => {
  it("reads redirectTo and redirect", () => {
    expect(parseSignOutForm(form([["redirectTo", "/bye"]]))).toEqual({
      redirectTo: "/bye",
      redirect: true,
    })
    expect(parseSignOutForm(form([["redirect", "false"]]))).toEqual({
      redirectTo: undefined,
      redirect: false,
    })
  })
})
