/**
 * The browser client against a real `Auth()` served over node:http on 127.0.0.1, with a cookie
 * jar standing in for the browser's cookies; two clients sharing one jar are two tabs.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import {
  CookieJar,
  type Idp,
  startIdentityProvider,
  startSmtpServer,
  type TestSmtpServer,
} from "@auth/dev-servers"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { Auth, type AuthConfigInput } from "../index.js"
import { MemoryAdapter } from "../memory-adapter.js"
import Credentials from "../providers/credentials.js"
import Nodemailer from "../providers/nodemailer.js"
import type { Session } from "../types.js"
import { type AuthClient, createAuthClient } from "./client.js"
import type { AuthClientOptions } from "./options.js"
import type { SessionStore } from "./session-store.js"
import type { SessionState } from "./types.js"

const DEMO = { email: "demo@example.test", password: "demo", name: "Demo User" }
const BASE_PATH = "/api/auth"

let server: Server
let origin: string
let idp: Idp
let smtp: TestSmtpServer

beforeAll(async () => {
  smtp = await startSmtpServer()
  idp = await startIdentityProvider()
  const config: AuthConfigInput = {
    secret: "client-test-secret-that-is-at-least-32-characters",
    trustHost: true,
    basePath: BASE_PATH,
    adapter: MemoryAdapter(),
    session: { strategy: "jwt" },
    // Wrong passwords and unknown paths are expected here; their causes would only be noise.
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: ({ email, password }) =>
          email === DEMO.email && password === DEMO.password
            ? { id: "demo", name: DEMO.name, email: DEMO.email }
            : null,
      }),
      {
        id: "playground-id",
        name: "Playground ID",
        type: "oidc",
        issuer: idp.issuer,
        clientId: idp.clients.client_secret_basic.clientId,
        clientSecret: idp.clients.client_secret_basic.clientSecret,
      },
      Nodemailer({ id: "email", server: smtp.url, from: "app@example.test" }),
    ],
  }
  server = createServer((req, res) => {
    const chunks: Uint8Array[] = []
    req.on("data", (chunk: Uint8Array) => chunks.push(chunk))
    req.on("end", async () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value)
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD"
      const request = new Request(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      })
      const response = await Auth(request, config)
      const outgoing: Record<string, string | string[]> = {}
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") outgoing[name] = value
      })
      outgoing["set-cookie"] = response.headers.getSetCookie()
      res.writeHead(response.status, outgoing)
      res.end(Buffer.from(await response.arrayBuffer()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  idp.setRedirectUris([`${origin}${BASE_PATH}/callback/playground-id`])
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeAllConnections()
  await idp.close()
  await smtp.close()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A browser's cookie handling for `fetch`: the jar's cookies out, `Set-Cookie` back in. */
function fetchWithJar(jar: CookieJar, requests: Request[] = []): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const cookie = jar.header()
    if (cookie) request.headers.set("cookie", cookie)
    requests.push(request.clone())
    const response = await fetch(request, { redirect: "manual" })
    jar.store(response)
    return response
  }
}

/** One tab: a client over `jar`, recording where it navigated. */
function openTab(jar: CookieJar, options: AuthClientOptions = {}) {
  const navigations: string[] = []
  const requests: Request[] = []
  const errors: Error[] = []
  const client = createAuthClient({
    basePath: BASE_PATH,
    baseUrl: origin,
    fetch: fetchWithJar(jar, requests),
    navigate: (url) => navigations.push(url),
    currentUrl: () => `${origin}/page`,
    logger: { error: (error) => errors.push(error) },
    ...options,
  })
  return { client, navigations, requests, errors }
}

/** Resolves with the first state of `store` that matches. */
function stateWhere(
  store: SessionStore,
  predicate: (state: SessionState) => boolean,
): Promise<SessionState> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined
    let done = false
    stop = store.subscribe((state) => {
      if (done || !predicate(state)) return
      done = true
      queueMicrotask(() => stop?.())
      resolve(state)
    })
  })
}

async function signInDemo(client: AuthClient): Promise<void> {
  const result = await client.signIn("credentials", { ...DEMO, redirect: false })
  expect(result?.ok).toBe(true)
}

const email = (session: Session | null) => session?.user?.email

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
      signinUrl: `${origin}${BASE_PATH}/signin/credentials`,
      callbackUrl: `${origin}${BASE_PATH}/callback/credentials`,
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
      redirectTo: `${origin}/dashboard`,
      redirect: false,
    })

    expect(result).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${origin}/dashboard`,
    })
    expect(navigations).toEqual([])
    expect(email(await client.getSession())).toBe(DEMO.email)
    const post = requests.find((request) => request.method === "POST")
    expect(new URL(post?.url ?? "").pathname).toBe(`${BASE_PATH}/callback/credentials`)
    expect(post?.headers.get("x-auth-return-redirect")).toBe("1")
    expect(post?.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    const form = new URLSearchParams(await post?.text())
    expect(form.get("csrfToken")).toMatch(/^[0-9a-f]{64}$/)
    expect(form.get("callbackUrl")).toBe(`${origin}/dashboard`)
    expect(form.get("email")).toBe(DEMO.email)
    expect(form.has("redirect")).toBe(false)
  })

  it("signs in with credentials and navigates to redirectTo", async () => {
    const jar = new CookieJar()
    const { client, navigations } = openTab(jar)

    const result = await client.signIn("credentials", { ...DEMO, redirectTo: "/dashboard" })

    expect(result).toBeUndefined()
    expect(navigations).toEqual([`${origin}/dashboard`])
    expect(email(await client.getSession())).toBe(DEMO.email)
  })

  it("defaults the callbackUrl to the current page", async () => {
    const { client, navigations } = openTab(new CookieJar())

    await client.signIn("credentials", DEMO)

    expect(navigations).toEqual([`${origin}/page`])
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
      `${origin}${BASE_PATH}/signin?callbackUrl=${encodeURIComponent(`${origin}/page`)}`,
      `${origin}${BASE_PATH}/signin?callbackUrl=%2Fafter`,
    ])
    expect(requests.every((request) => request.method === "GET")).toBe(true)
  })

  it("goes to the error page when the providers cannot be listed", async () => {
    const { client, navigations } = openTab(new CookieJar(), {
      fetch: async () => new Response("down", { status: 503 }),
    })

    await client.signIn("credentials", DEMO)

    expect(navigations).toEqual([`${origin}${BASE_PATH}/error`])
  })

  it("starts an OpenID sign-in at /signin/<id> with the authorization params", async () => {
    const { client, navigations, requests } = openTab(new CookieJar())

    await client.signIn("playground-id", { redirectTo: "/back" }, { prompt: "login" })

    const post = requests.find((request) => request.method === "POST")
    expect(new URL(post?.url ?? "").pathname).toBe(`${BASE_PATH}/signin/playground-id`)
    expect(new URL(post?.url ?? "").search).toBe("?prompt=login")
    expect(navigations).toHaveLength(1)
    const authorize = new URL(navigations[0] ?? "")
    expect(authorize.origin).toBe(new URL(idp.issuer).origin)
    expect(authorize.searchParams.get("prompt")).toBe("login")
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      `${origin}${BASE_PATH}/callback/playground-id`,
    )
  })

  it("asks for an e-mail link at /signin/<id>", async () => {
    const { client } = openTab(new CookieJar())
    const address = `reader-${Date.now()}@example.test`

    const result = await client.signIn("email", { email: address, redirect: false })

    expect(result?.ok).toBe(true)
    expect(new URL(result?.url ?? "").pathname).toBe(`${BASE_PATH}/verify-request`)
    const message = await smtp.waitForMessage((candidate) => candidate.to.includes(address))
    expect(message.text).toContain(`${origin}${BASE_PATH}/callback/email`)
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

    const result = await client.signOut({ redirectTo: `${origin}/bye`, redirect: false })

    expect(result).toEqual({ url: `${origin}/bye` })
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

    const result = await client.signOut({ redirectTo: `${origin}/bye`, redirect: false })

    expect(result).toEqual({ url: `${origin}/bye`, error: "ClientFetchError" })
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

    expect(navigations).toEqual([`${origin}/page`])
    expect(await client.getSession()).toBeNull()
  })
})

describe("session store", () => {
  it("loads, then follows sign-in and sign-out of its own client", async () => {
    const { client } = openTab(new CookieJar(), { broadcastChannel: false })
    const store = client.createSessionStore()
    const seen: SessionState[] = []
    const stop = store.subscribe((state) => seen.push(state))
    expect(seen[0]).toEqual({ data: null, status: "loading" })
    await stateWhere(store, (state) => state.status === "unauthenticated")

    await signInDemo(client)
    expect(store.get().status).toBe("authenticated")
    expect(email(store.get().data)).toBe(DEMO.email)

    await client.signOut({ redirect: false })
    expect(store.get()).toEqual({ data: null, status: "unauthenticated" })
    stop()
    expect(seen.map((state) => state.status)).toEqual([
      "loading",
      "unauthenticated",
      "authenticated",
      "unauthenticated",
    ])
  })

  it("starts from the session the page was rendered with, without fetching", async () => {
    const { client, requests } = openTab(new CookieJar())
    const session: Session = { user: { email: DEMO.email }, expires: "2099-01-01T00:00:00.000Z" }
    const store = client.createSessionStore({ session })

    const stop = store.subscribe(() => {})

    expect(store.get()).toEqual({ data: session, status: "authenticated" })
    expect(requests).toEqual([])
    stop()
  })

  it("keeps the same snapshot while nothing changes", async () => {
    const { client } = openTab(new CookieJar())
    const store = client.createSessionStore({ session: null })
    const before = store.get()

    await store.refetch()

    expect(store.get()).toBe(before)
  })

  it("keeps the session it has when a refetch fails", async () => {
    const jar = new CookieJar()
    let offline = false
    const online = fetchWithJar(jar)
    const { client, errors } = openTab(jar, {
      fetch: (input, init) =>
        offline ? Promise.reject(new TypeError("offline")) : online(input, init),
    })
    await signInDemo(client)
    const store = client.createSessionStore()
    await stateWhere(store, (state) => state.status === "authenticated")

    offline = true
    await store.refetch()

    expect(store.get().status).toBe("authenticated")
    expect(errors.map((error) => error.message)).toEqual(["GET session failed."])
  })

  it("updates the session through POST /session", async () => {
    const jar = new CookieJar()
    const { client, requests } = openTab(jar)
    await signInDemo(client)
    const store = client.createSessionStore()
    await stateWhere(store, (state) => state.status === "authenticated")

    const session = await store.update({ name: "Renamed" })

    expect(email(session)).toBe(DEMO.email)
    const post = requests.filter((request) => request.method === "POST").at(-1)
    expect(new URL(post?.url ?? "").pathname).toBe(`${BASE_PATH}/session`)
    expect(await post?.json()).toEqual({
      csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      data: { name: "Renamed" },
    })
  })

  it("refetches when the page becomes visible, with refetchOnWindowFocus", async () => {
    const jar = new CookieJar()
    const page = Object.assign(new EventTarget(), { visibilityState: "visible" })
    vi.stubGlobal("document", page)
    const tab = openTab(jar, { broadcastChannel: false })
    const other = openTab(jar, { broadcastChannel: false })
    const store = tab.client.createSessionStore({ refetchOnWindowFocus: true })
    await stateWhere(store, (state) => state.status === "unauthenticated")
    await signInDemo(other.client)

    const signedIn = stateWhere(store, (state) => state.status === "authenticated")
    page.dispatchEvent(new Event("visibilitychange"))

    expect(email((await signedIn).data)).toBe(DEMO.email)
  })

  it("refetches on the interval while signed in", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] })
    try {
      const jar = new CookieJar()
      const tab = openTab(jar, { broadcastChannel: false })
      await signInDemo(tab.client)
      const store = tab.client.createSessionStore({ refetchInterval: 60 })
      const stop = store.subscribe(() => {})
      await stateWhere(store, (state) => state.status === "authenticated")
      const other = openTab(jar, { broadcastChannel: false })
      await other.client.signOut({ redirect: false })

      const signedOut = stateWhere(store, (state) => state.status === "unauthenticated")
      vi.advanceTimersByTime(60_000)

      expect((await signedOut).data).toBeNull()
      stop()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe("tabs", () => {
  const channel = () => `auth-client-test-${Math.random().toString(36).slice(2)}`

  it("a sign-out in one tab makes the other tab's store refetch", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const first = openTab(jar, { broadcastChannel })
    const second = openTab(jar, { broadcastChannel })
    await signInDemo(first.client)
    const store = second.client.createSessionStore()
    const stop = store.subscribe(() => {})
    await stateWhere(store, (state) => state.status === "authenticated")

    const signedOut = stateWhere(store, (state) => state.status === "unauthenticated")
    await first.client.signOut({ redirect: false })

    expect((await signedOut).data).toBeNull()
    stop()
  })

  it("a sign-in in one tab makes the other tab's store refetch", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const first = openTab(jar, { broadcastChannel })
    const second = openTab(jar, { broadcastChannel })
    const store = second.client.createSessionStore()
    const stop = store.subscribe(() => {})
    await stateWhere(store, (state) => state.status === "unauthenticated")

    const signedIn = stateWhere(store, (state) => state.status === "authenticated")
    await first.client.signIn("credentials", { ...DEMO, redirectTo: "/" })

    expect(email((await signedIn).data)).toBe(DEMO.email)
    stop()
  })

  it("speaks next-auth/react's message", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const listener = new BroadcastChannel(broadcastChannel)
    const heard: unknown[] = []
    const twoMessages = new Promise<void>((resolve) => {
      listener.onmessage = (event) => {
        heard.push(event.data)
        if (heard.length === 2) resolve()
      }
    })
    const tab = openTab(jar, { broadcastChannel })

    await tab.client.signIn("credentials", { ...DEMO, redirect: false })
    await tab.client.signOut({ redirect: false })
    await twoMessages
    listener.close()

    expect(heard).toEqual([
      { event: "session", data: { trigger: "signin" } },
      { event: "session", data: { trigger: "signout" } },
    ])
  })

  it("update() without data refetches and makes the other tabs refetch, as next-auth/react's", async () => {
    const jar = new CookieJar()
    const broadcastChannel = channel()
    const tab = openTab(jar, { broadcastChannel })
    await signInDemo(tab.client)
    // Listening from now on: the sign-in's own message was sent before.
    const listener = new BroadcastChannel(broadcastChannel)
    const heard = new Promise<unknown>((resolve) => {
      listener.onmessage = (event) => resolve(event.data)
    })

    const session = await tab.client.createSessionStore().update()

    expect(email(session)).toBe(DEMO.email)
    expect(await heard).toEqual({ event: "session", data: { trigger: "getSession" } })
    listener.close()
  })
})
