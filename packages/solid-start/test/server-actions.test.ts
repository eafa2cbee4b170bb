import { describe, expect, it } from "vitest"
import { SolidAuth } from "../src/index.js"
import {
  COOKIES,
  CookieJar,
  createEvent,
  DEMO_CREDENTIALS,
  DEMO_USER,
  ORIGIN,
  storeCookies,
  testConfig,
  thrownResponse,
  withEvent,
} from "./support.js"

/** A server function call from a page of this origin, as a browser sends it. */
function actionCall(jar: CookieJar, headers: Record<string, string> = {}) {
  return createEvent(
    "/_server",
    {
      method: "POST",
      headers: {
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
        referer: `${ORIGIN}/page`,
        ...headers,
      },
    },
    { jar },
  )
}

describe("signIn() and signOut() in server functions", () => {
  it("signs in with a password: a redirect to the page, carrying the session cookie", async () => {
    const auth = SolidAuth(testConfig().config)
    const jar = new CookieJar()
    const response = await thrownResponse(() =>
      withEvent(actionCall(jar), () =>
        auth.signIn("credentials", { ...DEMO_CREDENTIALS, redirectTo: "/welcome" }),
      ),
    )
    expect(response.status).toBe(302)
    // A page of the app: a path, so Solid Router navigates to it.
    expect(response.headers.get("location")).toBe("/welcome")
    storeCookies(jar, response)
    expect(jar.has(COOKIES.session)).toBe(true)
    const session = await auth.auth(createEvent("/", {}, { jar }))
    expect(session).toMatchObject({ user: { email: DEMO_USER.email } })
  })

  it("takes the form's FormData, and returns to the Referer by default", async () => {
    const auth = SolidAuth(testConfig().config)
    const form = new FormData()
    form.set("username", DEMO_CREDENTIALS.username)
    form.set("password", DEMO_CREDENTIALS.password)
    const response = await thrownResponse(() =>
      withEvent(actionCall(new CookieJar()), () => auth.signIn("credentials", form)),
    )
    expect(response.headers.get("location")).toBe("/page")
  })

  it("sends a wrong password to the built-in page with the error, as a URL", async () => {
    const auth = SolidAuth(testConfig().config)
    const jar = new CookieJar()
    const response = await thrownResponse(() =>
      withEvent(actionCall(jar), () =>
        auth.signIn("credentials", { username: "ada", password: "wrong", redirectTo: "/" }),
      ),
    )
    const location = new URL(response.headers.get("location") ?? "")
    expect(location.href).toBe(`${ORIGIN}/api/auth/signin?error=CredentialsSignin&code=credentials`)
    storeCookies(jar, response)
    expect(jar.has(COOKIES.session)).toBe(false)
  })

  it("refuses a cross-site post, as the auth routes do", async () => {
    const auth = SolidAuth(testConfig().config)
    const jar = new CookieJar()
    const call = actionCall(jar, { origin: "https://evil.example", "sec-fetch-site": "cross-site" })
    const response = await thrownResponse(() =>
      withEvent(call, () => auth.signIn("credentials", DEMO_CREDENTIALS)),
    )
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe(
      "MissingCSRF",
    )
    storeCookies(jar, response)
    expect(jar.has(COOKIES.session)).toBe(false)
  })

  it("sends to the sign-in page without a provider, or with one the server lacks", async () => {
    const auth = SolidAuth(testConfig().config)
    for (const provider of [undefined, "github"]) {
      const url = await withEvent(actionCall(new CookieJar()), () =>
        auth.signIn(provider, { redirectTo: "/next", redirect: false }),
      )
      expect(url).toBe(`${ORIGIN}/api/auth/signin?callbackUrl=%2Fnext`)
    }
  })

  it("with redirect: false, returns the URL and sets the cookies on the response", async () => {
    const auth = SolidAuth(testConfig().config)
    const event = actionCall(new CookieJar())
    const url = await withEvent(event, () =>
      auth.signIn("credentials", { ...DEMO_CREDENTIALS, redirect: false, redirectTo: "/" }),
    )
    expect(url).toBe(`${ORIGIN}/`)
    const names = event.response.headers.getSetCookie().map((c) => c.split("=")[0])
    expect(names).toContain(COOKIES.session)
  })

  it("signs out: a redirect that clears the session cookie", async () => {
    const auth = SolidAuth(testConfig().config)
    const jar = new CookieJar()
    storeCookies(
      jar,
      await thrownResponse(() =>
        withEvent(actionCall(jar), () => auth.signIn("credentials", DEMO_CREDENTIALS)),
      ),
    )
    const response = await thrownResponse(() =>
      withEvent(actionCall(jar), () => auth.signOut({ redirectTo: "/bye" })),
    )
    expect(response.headers.get("location")).toBe("/bye")
    storeCookies(jar, response)
    expect(jar.has(COOKIES.session)).toBe(false)
    expect(await auth.auth(createEvent("/", {}, { jar }))).toBeNull()
  })
})
