import { describe, expect, it } from "vitest"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET, setCookies } from "./support/client.js"

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger().logger,
    theme: { brandColor: "#ff6600", colorScheme: "dark" },
    providers: [
      Credentials({
        credentials: {
          username: { label: "Username" },
          password: { label: "Password", type: "password" },
        },
        authorize: () => DEMO_USER,
      }),
    ],
    ...overrides,
  }
}

describe("built-in pages through Auth()", () => {
  it("renders the sign-in page with the CSRF token, the validated callback URL and the theme", async () => {
    const client = new AuthClient(config())
    const response = await client.get("/signin?callbackUrl=%2Fdashboard&error=CredentialsSignin")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/html")
    const html = await response.text()
    const csrf = setCookies(response).find((cookie) => cookie.name === "authjs.csrf-token")!
    expect(html).toContain(`value="${csrf.value.split("|")[0]}"`)
    const callbackCookie = setCookies(response).find(
      (cookie) => cookie.name === "authjs.callback-url",
    )
    expect(callbackCookie?.value).toBe("http://localhost:3000/dashboard")
    expect(html).toContain('action="http://localhost:3000/auth/callback/credentials"')
    expect(html).toContain("Sign in failed. Check the details you provided are correct.")
    expect(html).toContain("__next-auth-theme-dark")
    expect(html).toContain("#ff6600")
  })

  it("redirects to pages.signIn with callbackUrl and error", async () => {
    const client = new AuthClient(config({ pages: { signIn: "/login?x=1" } }))
    const response = await client.get("/signin?callbackUrl=%2Fa&error=Foo")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(
      "/login?x=1&callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fa&error=Foo",
    )
  })

  it("renders the sign-out page posting to the sign-out action", async () => {
    const response = await new AuthClient(config()).get("/signout")
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('action="http://localhost:3000/auth/signout"')
  })

  it("redirects to pages.signOut and pages.verifyRequest", async () => {
    const client = new AuthClient(config({ pages: { signOut: "/bye", verifyRequest: "/check" } }))
    expect((await client.get("/signout")).headers.get("location")).toBe("/bye")
    expect(
      (await client.get("/verify-request?provider=x&type=email")).headers.get("location"),
    ).toBe("/check?provider=x&type=email")
  })

  it.each([
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["Other", 200],
  ])("renders the error page for %s with status %i", async (error, status) => {
    const response = await new AuthClient(config()).get(`/error?error=${error}`)
    expect(response.status).toBe(status)
    const html = await response.text()
    if (error === "AccessDenied") expect(html).toContain('href="http://localhost:3000/auth/signin"')
  })

  it("redirects to pages.error with the error encoded, and without error=undefined", async () => {
    const client = new AuthClient(config({ pages: { error: "/oops" } }))
    expect((await client.get("/error?error=a%20b%26c")).headers.get("location")).toBe(
      "/oops?error=a+b%26c",
    )
    expect((await client.get("/error")).headers.get("location")).toBe("/oops")
  })

  it("renders the verify-request page", async () => {
    const response = await new AuthClient(config()).get("/verify-request")
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain("Check your email")
    expect(html).not.toContain("Open ")
  })

  it("links the mailbox set in theme.mailbox from the verify-request page", async () => {
    const theme = { mailbox: { url: "/mailbox", name: "the team inbox" } }
    const response = await new AuthClient(config({ theme })).get(
      "/verify-request?provider=nodemailer&type=email",
    )
    expect(await response.text()).toContain(
      '<a class="button" href="/mailbox">Open the team inbox</a>',
    )
  })

  it("titles the sign-in page in a main landmark and the sign-out page 'Sign out' with a way back", async () => {
    const client = new AuthClient(config())
    const signIn = await (await client.get("/signin?callbackUrl=%2Fdashboard")).text()
    expect(signIn).toContain('<main class="page"><div class="signin"><div class="card">')
    expect(signIn).toContain("<h1>Sign in</h1>")
    const signOut = await (await client.get("/signout?callbackUrl=%2Fdashboard")).text()
    expect(signOut).toContain("<h1>Sign out</h1>")
    // The page's callbackUrl: Cancel goes back there.
    expect(signOut).toContain('<a class="button" href="http://localhost:3000/dashboard">Cancel</a>')
  })

  describe("the callback-url cookie an earlier flow left (a fix: Auth.js reuses it)", () => {
    const callbackCookie = (response: Response) =>
      setCookies(response).find((cookie) => cookie.name === "authjs.callback-url")?.value

    /** A client whose cookie still says where an earlier sign-in went. */
    async function afterProtectedPage() {
      const client = new AuthClient(config())
      const first = await client.get("/signin?callbackUrl=%2Fprotected")
      expect(callbackCookie(first)).toBe("http://localhost:3000/protected")
      return client
    }

    it("is not reused by a sign-in page opened without callbackUrl, which resets it", async () => {
      const client = await afterProtectedPage()
      const page = await client.get("/signin")
      expect(callbackCookie(page)).toBe("http://localhost:3000")
      // So the credentials form, which posts no callbackUrl, returns to the site.
      const csrfToken = await client.csrfToken()
      const signIn = await client.postForm("/callback/credentials", {
        csrfToken,
        username: "demo",
        password: "demo",
      })
      expect(signIn.headers.get("location")).toBe("http://localhost:3000")
    })

    it("still leads the retry after a failed attempt (error=…) back where the flow was going", async () => {
      const client = await afterProtectedPage()
      const page = await client.get("/signin?error=CredentialsSignin&code=credentials")
      expect(callbackCookie(page)).toBeUndefined()
      const csrfToken = await client.csrfToken()
      const signIn = await client.postForm("/callback/credentials", {
        csrfToken,
        username: "demo",
        password: "demo",
      })
      expect(signIn.headers.get("location")).toBe("http://localhost:3000/protected")
    })

    it("is not reused by the sign-out page opened without callbackUrl", async () => {
      const client = await afterProtectedPage()
      const page = await client.get("/signout")
      expect(callbackCookie(page)).toBe("http://localhost:3000")
      const html = await page.text()
      expect(html).toContain('name="callbackUrl" value="http://localhost:3000"')
      expect(html).toContain('<a class="button" href="http://localhost:3000">Cancel</a>')
    })

    it("is still the fallback of a sign-out POST without callbackUrl, as in Auth.js", async () => {
      const client = await afterProtectedPage()
      const csrfToken = await client.csrfToken()
      const response = await client.postForm("/signout", { csrfToken })
      expect(response.headers.get("location")).toBe("http://localhost:3000/protected")
    })
  })
})
