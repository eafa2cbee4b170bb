import { describe, expect, it } from "vitest"
import { CredentialsSignin } from "../src/errors.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
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
        credentials: {
          username: { label: "Username" },
          password: { label: "Password", type: "password" },
        },
        authorize: ({ username, password }) =>
          username === "ada" && password === "secret" ? DEMO_USER : null,
      }),
    ],
    ...overrides,
  }
}

describe("credentials sign-in", () => {
  it("signs in, sets the session cookie and redirects to the callback URL", async () => {
    const client = new AuthClient(config())
    const response = await client.signInWithCredentials({
      username: "ada",
      password: "secret",
      callbackUrl: "/dashboard",
    })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("http://localhost:3000/dashboard")
    const session = setCookies(response).find((cookie) => cookie.name === "authjs.session-token")
    expect(session?.attributes).toMatchObject({ path: "/", httponly: true, samesite: "Lax" })
    expect(session?.attributes.secure).toBeUndefined()
    expect(Date.parse(String(session?.attributes.expires))).toBeGreaterThan(
      Date.now() + 29 * 86400_000,
    )
    expect(await client.session()).toEqual({
      user: { name: DEMO_USER.name, email: DEMO_USER.email, image: DEMO_USER.image },
      expires: expect.any(String),
    })
  })

  it("rejects wrong credentials with CredentialsSignin and the default code", async () => {
    const client = new AuthClient(config())
    const response = await client.signInWithCredentials({ username: "ada", password: "nope" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials",
    )
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await client.session()).toBeNull()
  })

  it("carries a custom CredentialsSignin code into the URL, encoded", async () => {
    class BadPassword extends CredentialsSignin {
      override code = "bad pass&x"
    }
    const client = new AuthClient(
      config({
        providers: [
          Credentials({
            authorize: () => {
              throw new BadPassword()
            },
          }),
        ],
      }),
    )
    const response = await client.signInWithCredentials({})
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=CredentialsSignin&code=bad+pass%26x",
    )
  })

  it("sends an unexpected authorize error to the error page as Configuration and logs it", async () => {
    const recorder = recordingLogger()
    const client = new AuthClient(
      config({
        logger: recorder.logger,
        providers: [
          Credentials({
            authorize: () => {
              throw new Error("database down")
            },
          }),
        ],
      }),
    )
    const response = await client.signInWithCredentials({})
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    )
    expect(recorder.errors.some((error) => error.name === "CallbackRouteError")).toBe(true)
  })

  it("refuses a user whose email, name, image or id authorize copied from a JSON body as an array or object", async () => {
    for (const [field, value] of [
      ["email", { $ne: 1 }],
      ["email", ["ada@example.com"]],
      ["name", { first: "Ada" }],
      ["image", ["x"]],
      ["id", { id: 1 }],
    ] as const) {
      const recorder = recordingLogger()
      const created: unknown[] = []
      const adapter = MemoryAdapter()
      const createUser = adapter.createUser!
      const client = new AuthClient(
        config({
          logger: recorder.logger,
          session: { strategy: "database" },
          adapter: {
            ...adapter,
            createUser: (user) => {
              created.push(user)
              return createUser(user)
            },
          },
          providers: [
            Credentials({
              authorize: (submitted) => ({ email: "ada@example.com", [field]: submitted[field] }),
            }),
          ],
        }),
      )
      const csrfToken = await client.csrfToken()
      const response = await client.postJson("/callback/credentials", { csrfToken, [field]: value })
      expect(response.headers.get("location")).toBe(
        "http://localhost:3000/auth/error?error=Configuration",
      )
      expect(setCookies(response).map((cookie) => cookie.name)).not.toContain(
        "authjs.session-token",
      )
      expect(created).toEqual([])
      const logged = recorder.errors.find((error) => error.name === "CallbackRouteError")
      const cause = logged?.cause as { err?: Error } | undefined
      expect(String(cause?.err?.message)).toContain(`whose ${field} is`)
    }
  })

  it("uses pages.signIn for sign-in errors", async () => {
    const client = new AuthClient(config({ pages: { signIn: "/login" } }))
    const response = await client.signInWithCredentials({ username: "x", password: "y" })
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/login?error=CredentialsSignin&code=credentials",
    )
  })

  it("passes the submitted fields and a request to authorize, and the returned id becomes providerAccountId", async () => {
    const seen: Array<{ credentials: unknown; request: Request; account: unknown }> = []
    const client = new AuthClient(
      config({
        providers: [
          Credentials({
            authorize: async (credentials, request) => {
              seen.push({ credentials, request, account: undefined })
              return { id: 7 as unknown as string, name: "Seven" }
            },
          }),
        ],
        callbacks: {
          signIn: ({ account, credentials }) => {
            seen[0]!.account = account
            expect(credentials).toMatchObject({ username: "u" })
            return true
          },
        },
      }),
    )
    await client.signInWithCredentials({ username: "u" })
    expect(seen[0]!.credentials).toMatchObject({ username: "u", csrfToken: expect.any(String) })
    expect(seen[0]!.request.method).toBe("POST")
    expect(await seen[0]!.request.json()).toMatchObject({ username: "u" })
    expect(seen[0]!.account).toEqual({
      providerAccountId: "7",
      type: "credentials",
      provider: "credentials",
    })
  })

  it("refuses with AccessDenied when the signIn callback returns false or throws", async () => {
    for (const signIn of [() => false, () => Promise.reject(new Error("nope"))]) {
      const client = new AuthClient(config({ callbacks: { signIn } }))
      const response = await client.signInWithCredentials({ username: "ada", password: "secret" })
      expect(response.headers.get("location")).toBe(
        "http://localhost:3000/auth/error?error=AccessDenied",
      )
      expect(await client.session()).toBeNull()
    }
  })

  it("redirects where the signIn callback says, without a session", async () => {
    const client = new AuthClient(config({ callbacks: { signIn: () => "/denied?x=1" } }))
    const response = await client.signInWithCredentials({ username: "ada", password: "secret" })
    expect(response.headers.get("location")).toBe("http://localhost:3000/denied?x=1")
    expect(await client.session()).toBeNull()
  })

  it("runs the jwt callback with trigger signIn and the user and account", async () => {
    const calls: unknown[] = []
    const client = new AuthClient(
      config({
        callbacks: {
          jwt: (params) => {
            calls.push(params)
            return { ...params.token, role: "admin" }
          },
          session: ({ session, token }) => ({ ...session, role: token.role }) as never,
        },
      }),
    )
    await client.signInWithCredentials({ username: "ada", password: "secret" })
    expect(calls[0]).toMatchObject({
      token: { name: DEMO_USER.name, email: DEMO_USER.email, picture: DEMO_USER.image, sub: "42" },
      user: DEMO_USER,
      account: { provider: "credentials", type: "credentials", providerAccountId: "42" },
      trigger: "signIn",
      isNewUser: false,
    })
    expect(await client.session()).toMatchObject({ role: "admin" })
  })

  it("emits the signIn event with user and account; a throwing handler does not break sign-in", async () => {
    const recorder = recordingLogger()
    const events: unknown[] = []
    const client = new AuthClient(
      config({
        logger: recorder.logger,
        events: {
          signIn: (message) => {
            events.push(message)
            throw new Error("audit log down")
          },
        },
      }),
    )
    const response = await client.signInWithCredentials({ username: "ada", password: "secret" })
    expect(response.headers.get("location")).toBe("http://localhost:3000")
    expect(events).toEqual([
      {
        user: DEMO_USER,
        account: { providerAccountId: "42", type: "credentials", provider: "credentials" },
      },
    ])
    expect(recorder.errors.map((error) => error.name)).toContain("EventError")
    expect(await client.session()).not.toBeNull()
  })

  it("answers 200 JSON {url} instead of a redirect with X-Auth-Return-Redirect, keeping cookies", async () => {
    const client = new AuthClient(config())
    const csrfToken = await client.csrfToken()
    const response = await client.postForm(
      "/callback/credentials",
      { username: "ada", password: "secret", csrfToken },
      { "X-Auth-Return-Redirect": "1" },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: "http://localhost:3000" })
    expect(setCookies(response).map((cookie) => cookie.name)).toContain("authjs.session-token")
  })

  it("answers {url} of the error page for a failed sign-in with X-Auth-Return-Redirect, without cookies", async () => {
    const client = new AuthClient(config())
    const csrfToken = await client.csrfToken()
    const response = await client.postForm(
      "/callback/credentials",
      { username: "ada", password: "bad", csrfToken },
      { "X-Auth-Return-Redirect": "1" },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      url: "http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials",
    })
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("redirects POST /signin/credentials to the sign-in page and refuses GET /callback/credentials", async () => {
    const client = new AuthClient(config())
    const csrfToken = await client.csrfToken()
    const post = await client.postForm("/signin/credentials", { csrfToken })
    expect(post.headers.get("location")).toBe("http://localhost:3000/auth/signin")
    const get = await client.get("/callback/credentials")
    expect(get.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration")
  })
})
