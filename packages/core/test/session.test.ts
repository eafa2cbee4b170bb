import { afterEach, describe, expect, it, vi } from "vitest"
import { DatabaseUnavailableError } from "../src/adapters.js"
import { decode, encode } from "../src/jwt.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET, setCookies } from "./support/client.js"

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger().logger,
    providers: [
      Credentials({
        authorize: (c) => ({ ...DEMO_USER, ...(c.big ? { name: String(c.big) } : {}) }),
      }),
    ],
    ...overrides,
  }
}

async function signedIn(overrides: Partial<AuthConfig> = {}, fields: Record<string, string> = {}) {
  const client = new AuthClient(config(overrides))
  await client.signInWithCredentials(fields)
  return client
}

afterEach(() => {
  vi.useRealTimers()
})

describe("JWT sessions", () => {
  it("returns null without a cookie and sets no cookie", async () => {
    const client = new AuthClient(config())
    const response = await client.get("/session")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
    expect(await response.text()).toBe("null")
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("exposes only name, email and image by default, with expires 30 days ahead", async () => {
    const client = await signedIn()
    const session = (await client.session()) as { user: unknown; expires: string }
    expect(session.user).toEqual({
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      image: DEMO_USER.image,
    })
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now() + 29.9 * 86400_000)
  })

  it("re-issues the token on every read (sliding expiry) with a fresh jti", async () => {
    const client = await signedIn()
    const before = client.jar.get("authjs.session-token")!
    const response = await client.get("/session")
    const [cookie] = setCookies(response)
    expect(cookie?.name).toBe("authjs.session-token")
    expect(cookie?.value).not.toBe(before)
    const payload = await decode({
      token: cookie!.value,
      secret: SECRET,
      salt: "authjs.session-token",
    })
    expect(payload).toMatchObject({ name: DEMO_USER.name, sub: "42", jti: expect.any(String) })
  })

  it("calls jwt without a trigger on GET, with trigger update and the data on POST", async () => {
    const calls: Array<Record<string, unknown>> = []
    const client = await signedIn({
      callbacks: {
        jwt: (params) => {
          calls.push(params as never)
          if (params.trigger === "update")
            return { ...params.token, name: (params.session as { name: string }).name }
          return params.token
        },
      },
    })
    calls.length = 0
    await client.session()
    expect(calls[0]).not.toHaveProperty("trigger")
    const csrfToken = await client.csrfToken()
    const response = await client.postJson("/session", { csrfToken, data: { name: "Grace" } })
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBeNull()
    expect(await response.json()).toMatchObject({ user: { name: "Grace" } })
    expect(calls[1]).toMatchObject({ trigger: "update", session: { name: "Grace" } })
    expect(await client.session()).toMatchObject({ user: { name: "Grace" } })
  })

  it("signs out when the jwt callback returns null", async () => {
    let allow = true
    const client = await signedIn({ callbacks: { jwt: ({ token }) => (allow ? token : null) } })
    allow = false
    const response = await client.get("/session")
    expect(await response.json()).toBeNull()
    expect(setCookies(response)).toEqual([
      expect.objectContaining({ name: "authjs.session-token", value: "" }),
    ])
  })

  it("signs out, as Auth.js does, when the jwt or session callback throws on a read or an update", async () => {
    for (const failing of ["jwt", "session"] as const) {
      for (const method of ["GET", "POST"] as const) {
        const recorder = recordingLogger()
        let fail = false
        const thrower = () => {
          throw new Error("the callback failed")
        }
        const client = await signedIn({
          logger: recorder.logger,
          callbacks: {
            jwt: ({ token }) => (fail && failing === "jwt" ? thrower() : token),
            session: ({ session }) => (fail && failing === "session" ? thrower() : session),
          },
        })
        fail = true
        const response =
          method === "GET"
            ? await client.get("/session")
            : await client.postJson("/session", {
                csrfToken: await client.csrfToken(),
                data: { name: "x" },
              })
        expect(response.status).toBe(200)
        expect(await response.json()).toBeNull()
        expect(setCookies(response)).toContainEqual(
          expect.objectContaining({ name: "authjs.session-token", value: "" }),
        )
        expect(recorder.errors.map((error) => error.name)).toContain("JWTSessionError")
      }
    }
  })

  it("keeps the session cookie when the session store fails: 503 for an outage, the configuration error for a reply it cannot read", async () => {
    for (const failure of [
      new DatabaseUnavailableError(new Error("connection refused")),
      new TypeError("Redis answered EVAL with a value of type string"),
    ]) {
      let failing = false
      const store = {
        get: async (keys: readonly string[]) => {
          if (failing) throw failure
          return keys.map(() => null)
        },
        set: async () => {},
        setField: async () => {},
        getFields: async () => ({}),
        deleteFields: async () => {},
      }
      const client = await signedIn({ session: { strategy: "jwt", store } })
      failing = true
      const response = await client.get("/session")
      expect(response.status).toBe(failure instanceof DatabaseUnavailableError ? 503 : 302)
      expect(setCookies(response).map((cookie) => cookie.name)).not.toContain(
        "authjs.session-token",
      )
    }
  })

  it("treats a tampered token as no session, clears it and logs JWTSessionError", async () => {
    const recorder = recordingLogger()
    const client = await signedIn({ logger: recorder.logger })
    const token = client.jar.get("authjs.session-token")!
    client.jar.set("authjs.session-token", `${token.slice(0, -4)}AAAA`)
    const response = await client.get("/session")
    expect(await response.json()).toBeNull()
    expect(setCookies(response)[0]).toMatchObject({ name: "authjs.session-token", value: "" })
    expect(recorder.errors.map((error) => error.name)).toContain("JWTSessionError")
  })

  it("treats garbage and a token for another cookie name as no session", async () => {
    for (const value of ["garbage", "a.b.c.d.e", "%%%"]) {
      const client = new AuthClient(config())
      client.jar.set("authjs.session-token", value)
      expect(await client.session()).toBeNull()
    }
    const token = await encode({
      token: { name: "x" },
      secret: SECRET,
      salt: "__Secure-authjs.session-token",
    })
    const client = new AuthClient(config())
    client.jar.set("authjs.session-token", token)
    expect(await client.session()).toBeNull()
  })

  it("expires with maxAge: a token past its exp (beyond the 15 s tolerance) is no session", async () => {
    const client = await signedIn({ session: { maxAge: 60 } })
    vi.useFakeTimers({ now: Date.now() + 80_000, toFake: ["Date"] })
    expect(await client.session()).toBeNull()
  })

  it("decodes with any secret of the list and re-encrypts with the first", async () => {
    const client = await signedIn({ secret: SECRET })
    const rotated = new AuthClient(config({ secret: [`new-${SECRET}`, SECRET] }))
    for (const [name, value] of client.jar) rotated.jar.set(name, value)
    const response = await rotated.get("/session")
    expect(await response.json()).toMatchObject({ user: { name: DEMO_USER.name } })
    const reissued = setCookies(response)[0]!.value
    await expect(
      decode({ token: reissued, secret: SECRET, salt: "authjs.session-token" }),
    ).rejects.toThrow()
    expect(
      await decode({ token: reissued, secret: `new-${SECRET}`, salt: "authjs.session-token" }),
    ).toMatchObject({
      sub: "42",
    })
  })

  it("chunks a token over 4 KB into .0, .1, … and reads it back", async () => {
    const big = "x".repeat(9000)
    const client = new AuthClient(config())
    const response = await client.signInWithCredentials({ big })
    const names = setCookies(response)
      .map((cookie) => cookie.name)
      .filter((name) => name.startsWith("authjs.session-token"))
    expect(names.length).toBeGreaterThanOrEqual(3)
    expect(names).toEqual(names.map((_, index) => `authjs.session-token.${index}`))
    for (const header of response.headers.getSetCookie())
      expect(header.length).toBeLessThanOrEqual(4096)
    expect(await client.session()).toMatchObject({ user: { name: big } })
  })

  it("uses custom jwt.encode and jwt.decode with the cookie name as salt", async () => {
    const salts: string[] = []
    const client = await signedIn({
      jwt: {
        encode: async ({ token, salt }) => {
          salts.push(salt)
          return btoa(JSON.stringify(token))
        },
        decode: async ({ token, salt }) => {
          salts.push(salt)
          return JSON.parse(atob(token!))
        },
      },
    })
    expect(await client.session()).toMatchObject({ user: { name: DEMO_USER.name } })
    expect(new Set(salts)).toEqual(new Set(["authjs.session-token"]))
  })

  it("emits the session event with the session and token", async () => {
    const events: unknown[] = []
    const client = await signedIn({ events: { session: (message) => void events.push(message) } })
    await client.session()
    expect(events[0]).toMatchObject({
      session: { user: { name: DEMO_USER.name } },
      token: { sub: "42" },
    })
  })
})

describe("sign-out", () => {
  it("clears the session cookie, emits signOut with the token and redirects to the callback URL", async () => {
    const events: unknown[] = []
    const client = await signedIn({ events: { signOut: (message) => void events.push(message) } })
    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/signout", { csrfToken, callbackUrl: "/bye" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("http://localhost:3000/bye")
    expect(setCookies(response)).toContainEqual(
      expect.objectContaining({
        name: "authjs.session-token",
        value: "",
        attributes: expect.objectContaining({ "max-age": "0" }),
      }),
    )
    expect(events).toEqual([{ token: expect.objectContaining({ sub: "42" }) }])
    expect(await client.session()).toBeNull()
  })

  it("redirects without events when there is no session", async () => {
    const events: unknown[] = []
    const client = new AuthClient(
      config({ events: { signOut: (message) => void events.push(message) } }),
    )
    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/signout", { csrfToken })
    expect(response.headers.get("location")).toBe("http://localhost:3000")
    expect(events).toEqual([])
  })
})

describe("secure cookies", () => {
  it("uses __Secure- names and the Secure attribute on https, salting the token with that name", async () => {
    const client = new AuthClient(config(), "https://app.example.com")
    const response = await client.signInWithCredentials({})
    const cookie = setCookies(response).find((c) => c.name === "__Secure-authjs.session-token")!
    expect(cookie.attributes.secure).toBe(true)
    expect(
      await decode({ token: cookie.value, secret: SECRET, salt: "__Secure-authjs.session-token" }),
    ).toMatchObject({
      sub: "42",
    })
    expect(
      setCookies(response).find((c) => c.name === "__Secure-authjs.callback-url"),
    ).toBeDefined()
  })
})
