import {
  CONTRACT_ACCOUNT,
  COOKIES,
  type ContractAccount,
  type ContractApp,
  HttpClient,
} from "@auth/integration-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppName, startBuiltApp } from "./app-server.js"

/**
 * The form actions of a built app, over real sockets: what protects them from cross-site posts
 * is SvelteKit's own `Origin` check (they post to core without a CSRF token), so this proves it
 * holds: a post from another site, or without an `Origin`, never reaches the action.
 *
 * `options.start` serves an app other than the built one of `name` (the example app through its
 * launcher), with `options.account` as its user.
 */
export function describeFormActions(
  name: AppName,
  options: { start?: () => Promise<ContractApp>; account?: ContractAccount } = {},
): void {
  const { credentials, user } = options.account ?? CONTRACT_ACCOUNT
  describe(`form actions over HTTP: ${name}`, () => {
    let app: ContractApp | undefined
    beforeAll(async () => {
      app = await (options.start ?? (() => startBuiltApp(name, {})))()
    })
    afterAll(() => app?.close())

    const client = () => new HttpClient(app!.baseUrl, "/auth")
    const signInForm = new URLSearchParams({ providerId: "credentials", ...credentials })
    const post = (c: HttpClient, path: string, body: URLSearchParams, headers: HeadersInit = {}) =>
      c.fetch(path, {
        method: "POST",
        // What a browser sends for a form it submits itself (not enhanced).
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "text/html",
          ...headers,
        },
        body,
      })
    const me = async (c: HttpClient) => (await c.fetch("/me")).json()

    it("a same-origin post signs in: 303 to redirectTo, the session cookie set", async () => {
      const c = client()
      const body = new URLSearchParams(signInForm)
      body.set("redirectTo", "/after")
      const response = await post(c, "/signin", body, { origin: app!.baseUrl })
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toBe(`${app!.baseUrl}/after`)
      expect(c.jar.has(COOKIES.session)).toBe(true)
      expect(await me(c)).toMatchObject({ user: { email: user.email } })
    })

    it.each([
      ["from another site", { origin: "https://evil.example" }],
      ["from a look-alike origin", { origin: "http://127.0.0.1.evil.example" }],
      ["without an Origin", {}],
    ])("a post %s is refused before the action: 403, no cookie", async (_, headers) => {
      const c = client()
      const response = await post(c, "/signin", new URLSearchParams(signInForm), headers)
      expect(response.status).toBe(403)
      expect(response.headers.getSetCookie()).toEqual([])
      expect(await me(c)).toBeNull()
    })

    it("an enhanced submission (use:enhance) gets the redirect as data", async () => {
      const c = client()
      const response = await post(c, "/signin", new URLSearchParams(signInForm), {
        origin: app!.baseUrl,
        accept: "application/json",
        "x-sveltekit-action": "true",
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ type: "redirect", status: 303 })
      expect(c.jar.has(COOKIES.session)).toBe(true)
    })

    it("a wrong password goes to the sign-in page with the error", async () => {
      const c = client()
      const body = new URLSearchParams({ providerId: "credentials", ...credentials, password: "x" })
      const response = await post(c, "/signin", body, { origin: app!.baseUrl })
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toBe(
        `${app!.baseUrl}/auth/signin?error=CredentialsSignin&code=credentials`,
      )
      expect(c.jar.has(COOKIES.session)).toBe(false)
    })

    it("the sign-out action ends the session; from another site it is refused", async () => {
      const c = client()
      await post(c, "/signin", new URLSearchParams(signInForm), { origin: app!.baseUrl })
      const forged = await post(c, "/signout", new URLSearchParams(), {
        origin: "https://evil.example",
      })
      expect(forged.status).toBe(403)
      expect(await me(c)).not.toBeNull()
      const response = await post(c, "/signout", new URLSearchParams({ redirectTo: "/bye" }), {
        origin: app!.baseUrl,
      })
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toBe(`${app!.baseUrl}/bye`)
      expect(await me(c)).toBeNull()
    })

    it("the sign-in page renders the <SignIn> component posting to the action", async () => {
      const response = await client().fetch("/signin")
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toMatch(/<form[^>]*method="POST"[^>]*action="[^"]*signin"/)
      expect(html).toContain('name="providerId" value="credentials"')
    })
  })
}
