import { encode } from "@auth/core/jwt"
import { describe, expect, it } from "vitest"
import type { ContractContext } from "../context.js"
import { CONTRACT_SECRET, COOKIES, type ContractAccount } from "../fixtures.js"

/** The app's public URL in this suite: not the server's address, which the client uses. */
export const APP_ORIGIN = "http://app.example"

/** Headers a client forges to move URLs to another origin. */
const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }

/** A session cookie for the account's user, as a sign-in on the app's URL sets it. */
async function sessionCookie({ user }: ContractAccount): Promise<string> {
  const token = await encode({
    secret: CONTRACT_SECRET,
    salt: COOKIES.session,
    token: { name: user.name, email: user.email, sub: user.id },
  })
  return `${COOKIES.session}=${token}`
}

/**
 * With the app's URL set (`url` in the config, as `AUTH_URL` sets it), every URL the service
 * hands out is on that URL's origin: the request's `Host` (here the server's own address) and
 * forged forwarded headers move none of them, and the session getter agrees with the actions on
 * the cookie names.
 */
export function describeAppUrl(context: ContractContext): void {
  describe("with the app's URL set (AUTH_URL)", () => {
    it("provider URLs are on the app's URL, whatever Host and forwarded headers say", async () => {
      for (const headers of [{}, FORGED]) {
        const response = await context.client().action("/providers", { headers })
        const providers = (await response.json()) as Record<string, Record<string, string>>
        expect(providers.credentials).toMatchObject({
          signinUrl: `${APP_ORIGIN}${context.basePath}/signin/credentials`,
          callbackUrl: `${APP_ORIGIN}${context.basePath}/callback/credentials`,
        })
      }
    })

    it("the sign-in page posts to the app's URL", async () => {
      const response = await context.client().action("/signin", { headers: FORGED })
      const page = await response.text()
      expect(page).toContain(`action="${APP_ORIGIN}${context.basePath}/callback/credentials"`)
      expect(page).not.toContain("evil.example")
    })

    it("error redirects are on the app's URL", async () => {
      const response = await context.client().action("/callback/credentials", { headers: FORGED })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(
        `${APP_ORIGIN}${context.basePath}/error?error=Configuration`,
      )
    })

    it("the session is read with the app's URL's cookie names, by the action and the getter", async () => {
      const cookie = await sessionCookie(context.account)
      const client = context.client()
      const session = await client.action("/session", { headers: { cookie, ...FORGED } })
      expect(await session.json()).toMatchObject({ user: { email: context.account.user.email } })
      const me = await client.fetch("/me", { headers: { cookie, ...FORGED } })
      expect(await me.json()).toMatchObject({ user: { email: context.account.user.email } })
    })
  })
}
