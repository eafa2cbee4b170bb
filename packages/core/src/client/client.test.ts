/**
 * The browser client's requests, `signIn` and `signOut` against a real `Auth()` served over
 * node:http on 127.0.0.1 (see `test/support/client-server.ts`).
 */
import { CookieJar } from "@auth/dev-servers"
import { describe, expect, it } from "vitest"
import {
  BASE_PATH,
  DEMO,
  email,
  fetchWithJar,
  openTab,
  signInDemo,
  useClientTestServer,
} from "../../test/support/client-server.js"
import { createAuthClient } from "./client.js"

const app = useClientTestServer()

describe("requests", () => {
  it("gets a CSRF token and sends the cookie that goes with it", async () => {
    const jar = new CookieJar()
    const { client } = openTab(jar)

    const token = await client.getCsrfToken()

    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect(jar.all().map((cookie) => cookie.name)).toContain("authjs.csrf-token")
    expect(await client.getCsrfToken()).toBe(token)
  })

  it("lists the providers", async () => {
    const { client } = openTab(new CookieJar())

    const providers = await client.getProviders()

    expect(Object.keys(providers ?? {})).toEqual(["credentials", "playground-id", "email"])
    expect(providers?.credentials).toEqual({
      id: "credentials",
      name: "Credentials",
      type: "credentials",
      signinUrl: `${app.origin}${BASE_PATH}/signin/credentials`,
      callbackUrl: `${app.origin}${BASE_PATH}/callback/credentials`,
    })
  })

  it("reads no session as null, and a failed request as null with the cause logged", async () => {
    const { client } = openTab(new CookieJar())
    expect(await client.getSession()).toBeNull()

    const broken = openTab(new CookieJar(), { basePath: "/nowhere" })
    expect(await broken.client.getSession()).toBeNull()
    expect(broken.errors.map((error) => error.message)).toEqual(["GET session answered 400."])
  })

  it("normalises the base path", () => {
    expect(createAuthClient({ basePath: "api/auth/" }).url("csrf")).toBe("/api/auth/csrf")
    expect(createAuthClient().url("session")).toBe("/auth/session")
  })
})

describe("signIn", () => {
  it("signs in with credentials without navigating and reports success", async () => {
    const jar = new CookieJar()
    const { client, navigations, requests } = openTab(jar)

    const result = await client.signIn("credentials", {
      ...DEMO,
      redirectTo: `${app.origin}/dashboard`,
      redirect: false,
    })

    expect(result).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${app.origin}/dashboard`,
    })
    expect(navigations).toEqual([])
    expect(email(await client.getSession())).toBe(DEMO.email)
    const post = requests.find((request) => request.method === "POST")
    expect(new URL(post?.url ?? "").pathname).toBe(`${BASE_PATH}/callback/credentials`)
    expect(post?.headers.get("x-auth-return-redirect")).toBe("1")
    expect(post?.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    const form = new URLSearchParams(await post?.text())
    expect(form.get("csrfToken")).toMatch(/^[0-9a-f]{64}$/)
    expect(form.get("callbackUrl")).toBe(`${app.origin}/dashboard`)
    expect(form.get("email")).toBe(DEMO.email)
    expect(form.has("redirect")).toBe(false)
  })

  it("signs in with credentials and navigates to redirectTo", async () => {
    const jar = new CookieJar()
    const { client, navigations } = openTab(jar)

    const result = await client.signIn("credentials", { ...DEMO, redirectTo: "/dashboard" })

    expect(result).toBeUndefined()
    expect(navigations).toEqual([`${app.origin}/dashboard`])
    expect(email(await client.getSession())).toBe(DEMO.email)
  })

  it("defaults the callbackUrl to the current page", async () => {
    const { client, navigations } = openTab(new CookieJar())

    await client.signIn("credentials", DEMO)

    expect(navigations).toEqual([`${app.origin}/page`])
  })

  it("reports a wrong password as an error, signs nobody in, and does not navigate", async () => {
    const { client, navigations } = openTab(new CookieJar())

    const result = await client.signIn("credentials", {
      email: DEMO.email,
      password: "wrong",
      redirect: false,
    })

    expect(result).toEqual({
      error: "CredentialsSignin",
      code: "credentials",
      status: 200,
      ok: false,
      url: null,
    })
    expect(navigations).toEqual([])
    expect(await client.getSession()).toBeNull()
  })

  it("navigates to the sign-in page with the error for a wrong password by default", async () => {
    const { client, navigations } = openTab(new CookieJar())

    await client.signIn("credentials", { email: DEMO.email, password: "wrong" })

    expect(navigations).toHaveLength(1)
    const url = new URL(navigations[0] ?? "")
    expect(url.pathname).toBe(`${BASE_PATH}/signin`)
    expect(url.searchParams.get("error")).toBe("CredentialsSignin")
  })

  it("sends no provider, or an unknown one, to the sign-in page with the callbackUrl", async () => {
    const { client, navigations, requests } = openTab(new CookieJar())

    expect(await client.signIn()).toBeUndefined()
    await client.signIn("nope", { redirectTo: "/after", redirect: false })

    expect(navigations).toEqual([
      `${app.origin}${BASE_PATH}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/page`)}`,
      `${app.origin}${BASE_PATH}/signin?callbackUrl=%2Fafter`,
    ])
    expect(requests.every((request) => request.method === "GET")).toBe(true)
  })

  it("goes to the error page when the providers cannot be listed", async () => {
    const { client, navigations } = openTab(new CookieJar(), {
      fetch: async () => new Response("down", { status: 503 }),
    })

    await client.signIn("credentials", DEMO)

    expect(navigations).toEqual([`${app.origin}${BASE_PATH}/error`])
  })

  it("starts an OpenID sign-in at /signin/<id> with the authorization params", async () => {
    const { client, navigations, requests } = openTab(new CookieJar())

    await client.signIn("playground-id", { redirectTo: "/back" }, { prompt: "login" })

    const post = requests.find((request) => request.method === "POST")
    expect(new URL(post?.url ?? "").pathname).toBe(`${BASE_PATH}/signin/playground-id`)
    expect(new URL(post?.url ?? "").search).toBe("?prompt=login")
    expect(navigations).toHaveLength(1)
    const authorize = new URL(navigations[0] ?? "")
    expect(authorize.origin).toBe(new URL(app.idp.issuer).origin)
    expect(authorize.searchParams.get("prompt")).toBe("login")
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      `${app.origin}${BASE_PATH}/callback/playground-id`,
    )
  })

  it("asks for an e-mail link at /signin/<id>", async () => {
    const { client } = openTab(new CookieJar())
    const address = `reader-${Date.now()}@example.test`

    const result = await client.signIn("email", { email: address, redirect: false })

    expect(result?.ok).toBe(true)
    expect(new URL(result?.url ?? "").pathname).toBe(`${BASE_PATH}/verify-request`)
    const message = await app.smtp.waitForMessage((candidate) => candidate.to.includes(address))
    expect(message.text).toContain(`${app.origin}${BASE_PATH}/callback/email`)
  })

  it("reports a rate-limited attempt as RateLimited with the 429, not as a fetch error", async () => {
    const jar = new CookieJar()
    const { client } = openTab(jar)
    const who = { email: `limited-${Math.random().toString(36).slice(2)}@example.test` }
    // The lockout's threshold is 5 failures in a row; the sixth attempt is refused.
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await client.signIn("credentials", { ...who, password: "x", redirect: false })
      expect(wrong?.error).toBe("CredentialsSignin")
    }
    const limited = await client.signIn("credentials", { ...who, password: "x", redirect: false })
    expect(limited).toEqual({
      error: "RateLimited",
      code: undefined,
      status: 429,
      ok: false,
      url: null,
    })
  })

  it("reports a server it cannot reach as ClientFetchError (status 0), without throwing", async () => {
    const jar = new CookieJar()
    const { client } = openTab(jar, {
      fetch: async (input, init) => {
        if (new Request(input, init).method === "POST") throw new TypeError("fetch failed")
        return fetchWithJar(jar)(input, init)
      },
    })
    const result = await client.signIn("credentials", { ...DEMO, redirect: false })
    expect(result).toEqual({
      error: "ClientFetchError",
      code: undefined,
      status: 0,
      ok: false,
      url: null,
    })
  })

  it("refuses a WebAuthn provider", async () => {
    const { client } = openTab(new CookieJar(), {
      fetch: async () =>
        Response.json({
          passkey: {
            id: "passkey",
            name: "Passkey",
            type: "webauthn",
            signinUrl: "",
            callbackUrl: "",
          },
        }),
    })

    await expect(client.signIn("passkey")).rejects.toThrow(TypeError)
  })
})

describe("signOut", () => {
  it("signs out without navigating and returns the URL", async () => {
    const jar = new CookieJar()
    const { client, navigations } = openTab(jar)
    await signInDemo(client)

    const result = await client.signOut({ redirectTo: `${app.origin}/bye`, redirect: false })

    expect(result).toEqual({ url: `${app.origin}/bye` })
    expect(navigations).toEqual([])
    expect(await client.getSession()).toBeNull()
    expect(jar.has("authjs.session-token")).toBe(false)
  })

  it("reports a sign-out the server did not answer, keeps the session, and tells no other tab", async () => {
    const jar = new CookieJar()
    const broadcastChannel = `auth-client-test-${Math.random().toString(36).slice(2)}`
    const { client } = openTab(jar, {
      broadcastChannel,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        if (new URL(request.url).pathname.endsWith("/signout")) {
          return new Response("<h1>503 Service Unavailable</h1>", { status: 503 })
        }
        return fetchWithJar(jar)(request)
      },
    })
    await client.signIn("credentials", { ...DEMO, redirect: false })
    // Listening from now on: the sign-in's own message was sent before.
    const listener = new BroadcastChannel(broadcastChannel)
    const heard: unknown[] = []
    listener.onmessage = (event) => heard.push(event.data)

    const result = await client.signOut({ redirectTo: `${app.origin}/bye`, redirect: false })

    expect(result).toEqual({ url: `${app.origin}/bye`, error: "ClientFetchError" })
    expect(email(await client.getSession())).toBe(DEMO.email)
    // A message sent now would have arrived before this one, which is sent after the sign-out.
    const probe = new BroadcastChannel(broadcastChannel)
    const probed = new Promise<void>((resolve) => {
      listener.onmessage = (event) => {
        heard.push(event.data)
        resolve()
      }
    })
    probe.postMessage("probe")
    await probed
    probe.close()
    listener.close()
    expect(heard).toEqual(["probe"])
  })

  it("signs out and navigates to the current page by default", async () => {
    const jar = new CookieJar()
    const { client, navigations } = openTab(jar)
    await signInDemo(client)

    await client.signOut()

    expect(navigations).toEqual([`${app.origin}/page`])
    expect(await client.getSession()).toBeNull()
  })
})
