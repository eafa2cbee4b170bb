import { describe, expect, it } from "vitest"
import { CredentialsSignin } from "../src/errors.js"
import { Auth, raw } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET } from "./support/client.js"

function base(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger().logger,
    providers: [Credentials({ authorize: ({ ok }) => (ok ? DEMO_USER : null) })],
    ...overrides,
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Reflect.ownKeys(value))
      deepFreeze((value as Record<PropertyKey, unknown>)[key])
  }
  return value
}

const CONFIG_ERROR = {
  message:
    "There was a problem with the server configuration. Check the server logs for more information.",
}

describe("config errors", () => {
  it("answers 500 JSON for a missing secret, logging MissingSecret with advice", async () => {
    const recorder = recordingLogger()
    const client = new AuthClient(base({ secret: undefined, logger: recorder.logger }))
    const response = await client.get("/session")
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual(CONFIG_ERROR)
    expect(recorder.errors[0]?.name).toBe("MissingSecret")
    expect(recorder.errors[0]?.message).toContain("AUTH_SECRET")
  })

  it("renders the error page with 500 for page GETs, or redirects to pages.error", async () => {
    const page = await new AuthClient(base({ secret: [] })).get("/signin")
    expect(page.status).toBe(500)
    expect(page.headers.get("content-type")).toBe("text/html")
    expect(page.headers.getSetCookie()).toEqual([])
    const custom = await new AuthClient(base({ secret: "", pages: { error: "/oops" } })).get(
      "/signin",
    )
    expect(custom.status).toBe(302)
    expect(custom.headers.get("location")).toBe("http://localhost:3000/oops?error=Configuration")
  })

  it("fails with UntrustedHost when the host is not trusted", async () => {
    const recorder = recordingLogger()
    const response = await new AuthClient(base({ trustHost: false, logger: recorder.logger })).get(
      "/csrf",
    )
    expect(response.status).toBe(500)
    expect(recorder.errors[0]?.name).toBe("UntrustedHost")
  })

  it("finds a credentials provider without authorize, duplicate ids, and a database strategy without adapter", async () => {
    const cases: Array<[Partial<AuthConfig>, string]> = [
      [
        { providers: [{ id: "c", name: "C", type: "credentials", credentials: {} } as never] },
        "MissingAuthorize",
      ],
      [
        {
          providers: [
            Credentials({ authorize: () => null }),
            Credentials({ authorize: () => null }),
          ],
        },
        "AuthError",
      ],
      [{ session: { strategy: "database" } }, "MissingAdapter"],
      [{ redirectProxyUrl: "not a url" }, "AuthError"],
    ]
    for (const [overrides, name] of cases) {
      const recorder = recordingLogger()
      const response = await new AuthClient(base({ ...overrides, logger: recorder.logger })).get(
        "/providers",
      )
      expect(response.status).toBe(500)
      expect(recorder.errors[0]?.name).toBe(name)
    }
  })

  it("leaves out an OAuth provider with missing endpoints, naming them, and serves the rest", async () => {
    const recorder = recordingLogger()
    const provider = {
      id: "acme",
      name: "Acme",
      type: "oauth",
      clientId: "acme-id",
      clientSecret: "acme-secret",
      authorization: "https://acme.test/auth",
    }
    const client = new AuthClient(base({ providers: [provider as never], logger: recorder.logger }))
    expect((await client.get("/session")).status).toBe(200)
    expect(recorder.warnings).toEqual(["providers-unavailable"])
    const signIn = await client.postForm("/signin/acme", { csrfToken: await client.csrfToken() })
    expect(signIn.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    )
    expect(recorder.errors[0]?.name).toBe("InvalidProvider")
    expect(recorder.errors[0]?.message).toContain("AUTH_ACME_ISSUER")
    expect(recorder.errors[0]?.message).toContain("`token` endpoint")
  })
})

describe("config handling", () => {
  it("never mutates the config, even when frozen", async () => {
    const config = deepFreeze(base())
    const client = new AuthClient(config)
    await client.signInWithCredentials({ ok: "1" })
    expect(await client.session()).not.toBeNull()
  })

  it("keeps configs apart: one config's providers never affect another's", async () => {
    const email = { id: "mail", name: "Mail", type: "email", sendVerificationRequest: () => {} }
    const broken = new AuthClient(base({ providers: [email as never] }))
    expect((await broken.get("/session")).status).toBe(500)
    const healthy = new AuthClient(base())
    expect((await healthy.get("/session")).status).toBe(200)
  })

  it("accepts a lazy config, sync or async, called with the request", async () => {
    const seen: string[] = []
    const sync = new AuthClient((request: Request) => {
      seen.push(request.url)
      return base()
    })
    expect((await sync.get("/providers")).status).toBe(200)
    const asyncClient = new AuthClient(async () => base())
    expect((await asyncClient.get("/providers")).status).toBe(200)
    expect(seen).toEqual(["http://localhost:3000/auth/providers"])
  })

  it("serves another basePath", async () => {
    const client = new AuthClient(
      base({ basePath: "/api/auth" }),
      "http://localhost:3000",
      "/api/auth",
    )
    const response = await client.get("/providers")
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: "http://localhost:3000/api/auth/signin/credentials",
        callbackUrl: "http://localhost:3000/api/auth/callback/credentials",
      },
    })
  })

  it("uses a partial custom logger and the debug flag", async () => {
    const errors: Error[] = []
    const client = new AuthClient(
      base({ secret: undefined, logger: { error: (error) => void errors.push(error) } }),
    )
    await client.get("/session")
    expect(errors).toHaveLength(1)
  })
})

describe("raw mode", () => {
  it("returns the internal response with cookies", async () => {
    const config = { ...base(), raw } as const
    const csrf = (await Auth(
      new Request("http://localhost:3000/auth/csrf"),
      config,
    )) as unknown as {
      body: { csrfToken: string }
      cookies: Array<{ name: string; value: string }>
    }
    expect(csrf.body.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    const cookie = csrf.cookies.find((c) => c.name === "authjs.csrf-token")!
    const result = await Auth(
      new Request("http://localhost:3000/auth/callback/credentials", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: `authjs.csrf-token=${encodeURIComponent(cookie.value)}`,
        },
        body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, ok: "1" }),
      }),
      config,
    )
    expect(result.redirect).toBe("http://localhost:3000")
    expect(result.cookies?.map((c) => c.name)).toContain("authjs.session-token")
  })

  it("throws client-facing AuthErrors to the caller", async () => {
    const config = base({ raw, skipCSRFCheck: (await import("../src/index.js")).skipCSRFCheck })
    await expect(
      Auth(
        new Request("http://localhost:3000/auth/callback/credentials", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "ok=",
        }),
        config,
      ),
    ).rejects.toBeInstanceOf(CredentialsSignin)
  })
})
