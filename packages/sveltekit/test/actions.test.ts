import { CookieJar } from "@auth/integration-test"
import { isHttpError, isRedirect } from "@sveltejs/kit"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { SvelteKitAuth } from "../src/index.js"
import {
  APP_RESPONSE,
  createEvent,
  ORIGIN,
  PASSWORD,
  resetKit,
  runHandle,
  storeCookies,
  type TestEvent,
  testConfig,
  USER,
} from "./support.js"

beforeEach(resetKit)

const FORM = { "content-type": "application/x-www-form-urlencoded" }

/** A POST of `fields` to the page `/signin` (the route whose action this is). */
function formPost(
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  jar?: CookieJar,
) {
  const init = {
    method: "POST",
    headers: { ...FORM, ...headers },
    body: new URLSearchParams(fields),
  }
  return createEvent("/signin", init, { routeId: "/signin", jar })
}

/** Runs an action; returns where it redirected (status and location) or what it returned. */
async function run(action: (event: TestEvent) => unknown, event: TestEvent) {
  try {
    return { data: await action(event) }
  } catch (thrown) {
    if (isRedirect(thrown)) return { status: thrown.status, location: thrown.location }
    throw thrown
  }
}

/** The OAuth provider these tests sign in with: static endpoints, nothing fetched. */
const OAUTH = {
  id: "acme",
  name: "Acme",
  type: "oauth" as const,
  clientId: "client",
  clientSecret: "secret",
  authorization: { url: "https://idp.example/authorize", params: { scope: "read" } },
  token: "https://idp.example/token",
  userinfo: "https://idp.example/userinfo",
}

describe("signIn form action", () => {
  it("signs in with credentials: 303 to redirectTo, the session cookie through event.cookies", async () => {
    const { signIn } = SvelteKitAuth(testConfig().config)
    const event = formPost({
      providerId: "credentials",
      username: "ada",
      password: PASSWORD,
      redirectTo: "/dashboard",
    })
    expect(await run(signIn, event)).toEqual({ status: 303, location: `${ORIGIN}/dashboard` })
    const session = event.setCookies.find((c) => c.startsWith("authjs.session-token="))
    expect(session).toContain("HttpOnly")
    expect(session).not.toContain("Secure")
    expect(session).toContain("SameSite=lax")
  })

  it("goes back to the page the form was on by default (Referer)", async () => {
    const { signIn } = SvelteKitAuth(testConfig().config)
    const event = formPost(
      { providerId: "credentials", username: "ada", password: PASSWORD },
      { referer: `${ORIGIN}/pricing?plan=pro` },
    )
    expect(await run(signIn, event)).toMatchObject({ location: `${ORIGIN}/pricing?plan=pro` })
  })

  it("a wrong password goes to the sign-in page with the error, not to a 500", async () => {
    const { signIn } = SvelteKitAuth(testConfig().config)
    const event = formPost({ providerId: "credentials", username: "ada", password: "nope" })
    expect(await run(signIn, event)).toEqual({
      status: 303,
      location: `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`,
    })
    expect(event.setCookies.some((c) => c.startsWith("authjs.session-token="))).toBe(false)
  })

  it("without a provider, or with one the config lacks, goes to the sign-in page", async () => {
    const { signIn } = SvelteKitAuth(testConfig().config)
    const forms: Record<string, string>[] = [{}, { providerId: "github" }]
    for (const fields of forms) {
      const result = await run(signIn, formPost({ ...fields, redirectTo: "/after" }))
      expect(result).toEqual({
        status: 303,
        location: `${ORIGIN}/auth/signin?callbackUrl=%2Fafter`,
      })
    }
  })

  it("starts an OAuth sign-in: 303 to the provider, with the authorization params", async () => {
    const { signIn } = SvelteKitAuth(testConfig({ providers: [OAUTH] }).config)
    const event = formPost({
      providerId: "acme",
      "authorizationParams-login_hint": "ada@example.test",
    })
    const result = await run(signIn, event)
    expect(result).toMatchObject({ status: 303 })
    const location = new URL((result as { location: string }).location)
    expect(location.origin + location.pathname).toBe("https://idp.example/authorize")
    expect(location.searchParams.get("login_hint")).toBe("ada@example.test")
    expect(location.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/acme`)
    expect(event.setCookies.some((c) => c.startsWith("authjs.pkce.code_verifier="))).toBe(true)
  })

  it('with redirect "false" answers with the URL instead', async () => {
    const { signIn } = SvelteKitAuth(testConfig().config)
    const event = formPost({
      providerId: "credentials",
      username: "ada",
      password: PASSWORD,
      redirectTo: "/x",
      redirect: "false",
    })
    expect(await run(signIn, event)).toEqual({ data: { url: `${ORIGIN}/x` } })
  })

  it("keeps redirects on the app's origin", async () => {
    const { signIn } = SvelteKitAuth(testConfig().config)
    const event = formPost({
      providerId: "credentials",
      username: "ada",
      password: PASSWORD,
      redirectTo: "https://evil.example/",
    })
    expect(await run(signIn, event)).toEqual({ status: 303, location: ORIGIN })
  })

  it("a body that is not a form gets 400, and a config function that throws a 500", async () => {
    const { signIn } = SvelteKitAuth(testConfig().config)
    const event = createEvent("/signin", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    })
    const bad = await Promise.resolve(signIn(event)).catch((thrown: unknown) => thrown)
    expect(isHttpError(bad) && bad.status).toBe(400)

    vi.spyOn(console, "error").mockImplementation(() => {})
    const broken = SvelteKitAuth(() => {
      throw new Error("no config today")
    })
    const failed = await Promise.resolve(
      broken.signIn(formPost({ providerId: "credentials" })),
    ).catch((thrown: unknown) => thrown)
    expect(isHttpError(failed) && failed.status).toBe(500)
    vi.restoreAllMocks()
  })
})

describe("signOut form action", () => {
  it("clears the session, and locals.auth() later in the same request sees it", async () => {
    const { handle, signIn, signOut } = SvelteKitAuth(testConfig().config)
    const jar = new CookieJar()
    const signingIn = formPost({ providerId: "credentials", username: "ada", password: PASSWORD })
    await run(signIn, signingIn)
    storeCookies(jar, signingIn)

    const event = createEvent(
      "/signout",
      { method: "POST", headers: FORM, body: "redirect=false" },
      { jar, routeId: "/signout" },
    )
    let before: unknown
    let after: unknown
    await runHandle(handle, event, async (e) => {
      before = await e.locals.auth()
      expect(await run(signOut, e as TestEvent)).toEqual({ data: { url: `${ORIGIN}/` } })
      after = await e.locals.auth()
      return new Response(APP_RESPONSE)
    })
    expect(before).toMatchObject({ user: { email: USER.email } })
    expect(after).toBeNull()
    const cleared = event.setCookies.filter((c) => c.startsWith("authjs.session-token="))
    expect(cleared.at(-1)).toMatch(/^authjs\.session-token=; /)
  })

  it("redirects with 303 to redirectTo", async () => {
    const { signOut } = SvelteKitAuth(testConfig().config)
    const event = createEvent(
      "/signout",
      { method: "POST", headers: FORM, body: "redirectTo=%2Fbye" },
      { routeId: "/signout" },
    )
    expect(await run(signOut, event)).toEqual({ status: 303, location: `${ORIGIN}/bye` })
  })
})
