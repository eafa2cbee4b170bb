/**
 * The shared config against real parts: the servers the launcher starts (in-process here), the
 * config read from their env, and core's `Auth()` handling requests with it on PGlite.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Auth } from "@auth/core"
import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { closeExampleDatabases, createExampleAuthConfig } from "./auth-config.js"
import { DEMO_USER } from "./demo-user.js"
import { readMailbox } from "./mailbox.js"
import { type ExampleServers, startExampleServers } from "./servers.js"

const ORIGIN = "http://localhost:3000"

let dataDir: string
let servers: ExampleServers

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-support-"))
  servers = await startExampleServers({ basePath: "/api/auth", port: 0, dataDir })
})

afterAll(async () => {
  await servers?.close()
  await closeExampleDatabases()
  await rm(dataDir, { recursive: true, force: true })
})

/** `Auth()` with the example config, carrying cookies like a browser. */
function browser(strategy: "jwt" | "database") {
  const env: Record<string, string> = { ...servers.env, AUTH_SESSION_STRATEGY: strategy }
  const config = {
    ...createExampleAuthConfig({ basePath: "/api/auth", env }),
    secret: env.AUTH_SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  }
  const jar = new CookieJar()
  const request = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers)
    if (jar.header()) headers.set("cookie", jar.header())
    const url = path.startsWith("http") ? path : `${ORIGIN}/api/auth${path}`
    const response = await Auth(new Request(url, { ...init, headers }), config)
    jar.store(response)
    return response
  }
  const post = async (path: string, fields: Record<string, string>): Promise<Response> => {
    const { csrfToken } = (await (await request("/csrf")).json()) as { csrfToken: string }
    return request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, csrfToken }),
    })
  }
  const session = async () => (await request("/session")).json()
  return { config, request, post, session, env }
}

describe("createExampleAuthConfig", () => {
  it("has the demo user, Playground ID and e-mail, like the playground", async () => {
    const { request, config } = browser("database")

    const providers = (await (await request("/providers")).json()) as Record<
      string,
      { name: string; type: string }
    >

    expect(Object.entries(providers).map(([id, p]) => [id, p.name, p.type])).toEqual([
      ["credentials", "the demo user", "credentials"],
      ["playground-id", "Playground ID", "oidc"],
      ["nodemailer", "Email", "email"],
    ])
    const page = await (await request("/signin")).text()
    expect(page).toContain(`Email (demo: ${DEMO_USER.email})`)
    expect(page).toContain(`Password (demo: ${DEMO_USER.password})`)
    expect(config.session).toEqual({ strategy: "database" })
    expect(config.basePath).toBe("/api/auth")
  })

  it.each(["database", "jwt"] as const)(
    "signs the demo user in with %s sessions on PGlite",
    async (strategy) => {
      const { post, session } = browser(strategy)

      const response = await post("/callback/credentials", {
        email: DEMO_USER.email,
        password: DEMO_USER.password,
        callbackUrl: "/",
      })

      expect(response.status).toBe(302)
      expect(await session()).toMatchObject({
        user: { name: DEMO_USER.name, email: DEMO_USER.email },
      })
    },
  )

  it.each(["database", "jwt"] as const)(
    "sends an e-mail link that the mailbox shows and that signs in (%s sessions)",
    async (strategy) => {
      const { post, request, session, env } = browser(strategy)
      const address = `reader-${Date.now()}@example.test`

      const response = await post("/signin/nodemailer", { email: address, callbackUrl: "/" })
      expect(response.headers.get("location")).toBe(
        `${ORIGIN}/api/auth/verify-request?provider=nodemailer&type=email`,
      )
      await servers.smtp.waitForMessage((message) => message.to.includes(address))

      const [newest] = await readMailbox(env)
      expect(newest).toMatchObject({ to: [address], subject: "Sign in to localhost:3000" })
      expect(newest?.signInLink).toMatch(
        new RegExp(`^${ORIGIN}/api/auth/callback/nodemailer\\?callbackUrl=`),
      )
      expect(new Date(newest?.date ?? "").getTime()).not.toBeNaN()
      await request(newest?.signInLink ?? "")
      expect(await session()).toMatchObject({ user: { email: address } })
    },
  )

  it("returns the same config for the same env, so core resolves it once", () => {
    const env = { ...servers.env }
    expect(createExampleAuthConfig({ basePath: "/api/auth", env })).toBe(
      createExampleAuthConfig({ basePath: "/api/auth", env }),
    )
  })

  it("without the launcher's env keeps only the demo user, and says so once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    try {
      const env = { EXAMPLE_DATA_DIR: dataDir }
      const config = createExampleAuthConfig({ basePath: "/auth", env })
      createExampleAuthConfig({ basePath: "/other", env })

      expect(config.providers).toHaveLength(1)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]?.[0])).toContain("example-launch")
    } finally {
      warn.mockRestore()
    }
  })

  it("refuses an unknown session strategy", () => {
    expect(() =>
      createExampleAuthConfig({ basePath: "/auth", env: { AUTH_SESSION_STRATEGY: "cookie" } }),
    ).toThrow('AUTH_SESSION_STRATEGY must be "jwt" or "database", not "cookie".')
  })
})

describe("startExampleServers", () => {
  it("registers the app's callback on localhost and 127.0.0.1 for its port", async () => {
    const { env } = servers
    const discovery = (await (
      await fetch(`${env.AUTH_PLAYGROUND_ID_ISSUER}/.well-known/openid-configuration`)
    ).json()) as { authorization_endpoint: string }
    const authorize = (redirectUri: string) =>
      fetch(
        `${discovery.authorization_endpoint}?${new URLSearchParams({
          client_id: env.AUTH_PLAYGROUND_ID_ID ?? "",
          redirect_uri: redirectUri,
          response_type: "code",
          scope: "openid",
        })}`,
        { redirect: "manual" },
      )

    for (const host of ["localhost", "127.0.0.1"]) {
      const response = await authorize(
        `http://${host}:${servers.port}/api/auth/callback/playground-id`,
      )
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toContain("/interaction/")
    }
    const elsewhere = await authorize(
      `http://localhost:${servers.port + 1}/api/auth/callback/playground-id`,
    )
    expect(elsewhere.headers.get("location") ?? "").not.toContain("/interaction/")
  })

  it("hands over the env the README lists, without AUTH_URL", () => {
    expect(Object.keys(servers.env).sort()).toEqual([
      "AUTH_PLAYGROUND_ID_ID",
      "AUTH_PLAYGROUND_ID_ISSUER",
      "AUTH_PLAYGROUND_ID_SECRET",
      "AUTH_SECRET",
      "AUTH_TRUST_HOST",
      "EXAMPLE_BASE_PATH",
      "EXAMPLE_DATA_DIR",
      "EXAMPLE_MAILBOX_URL",
      "EXAMPLE_SMTP_URL",
      "HOST",
      "PORT",
    ])
    expect(servers.env.PORT).toBe(String(servers.port))
    expect(servers.url).toBe(`http://localhost:${servers.port}`)
    expect(servers.env.AUTH_SECRET?.length).toBeGreaterThanOrEqual(32)
  })
})
