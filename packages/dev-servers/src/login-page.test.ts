import { describe, expect, it } from "vitest"
import { errorPage, loginPage } from "./login-page.js"

describe("loginPage", () => {
  it("posts to the interaction's login and abort endpoints and names the app by its origin", () => {
    const page = loginPage({
      uid: "abc",
      name: "Playground ID",
      clientId: "client-basic",
      redirectUri: "http://localhost:3000/auth/callback/playground-id",
    })
    expect(page).toContain('<form method="post" action="/interaction/abc/login">')
    expect(page).toContain('<form method="post" action="/interaction/abc/abort">')
    expect(page).toContain("<strong>http://localhost:3000</strong>")
    expect(page).toContain('name="username"')
    expect(page).toContain("Any name works")
  })

  it("escapes everything it shows", () => {
    const page = loginPage({
      uid: '"><script>',
      name: "<b>ID</b>",
      clientId: "<img src=x>",
      redirectUri: "not a url",
    })
    expect(page).not.toMatch(/<script>|<b>|<img/)
    expect(page).toContain("/interaction/%22%3E%3Cscript%3E/login")
    expect(page).toContain("&lt;b&gt;ID&lt;/b&gt;")
    expect(page).toContain("&lt;img src=x&gt;")
  })
})

describe("errorPage", () => {
  it("lists the error fields, escaped", () => {
    const page = errorPage("Playground ID", {
      error: "invalid_request",
      error_description: "<bad>",
    })
    expect(page).toContain("<title>invalid_request</title>")
    expect(page).toContain("<strong>error_description</strong>: &lt;bad&gt;")
  })
})
