/** The whole playground in-process, over real HTTP (the browser flows are in e2e/). */
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Playground, startPlayground } from "./playground.js"

describe("startPlayground", () => {
  let dataDir: string
  let playground: Playground
  const logged: string[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "playground-test-"))
    playground = await startPlayground({ port: 0, dataDir, log: (line) => logged.push(line) })
  })

  afterAll(async () => {
    await playground?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it("serves on a free port and says where everything runs", () => {
    expect(playground.url).toMatch(/^http:\/\/localhost:\d+$/)
    expect(playground.port).toBeGreaterThan(0)
    expect(logged[0]).toBe(
      `Created a development AUTH_SECRET in ${join(dataDir, "secret")}; set AUTH_SECRET to use your own.`,
    )
    expect(logged.join("\n")).toContain(`PGlite in ${join(dataDir, "pglite")}`)
    expect(logged.join("\n")).toContain("Playground ID's access tokens last 120 s")
  })

  it("renders the home page signed out, escaped and with a strict CSP", async () => {
    const response = await fetch(playground.url)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
    const page = await response.text()
    expect(page).toContain("You are not signed in")
    expect(page).toContain("<code>demo@example.test</code>")
  })

  it("sends the protected page to sign-in, with a way back", async () => {
    const response = await fetch(`${playground.url}/protected?x=1`, { redirect: "manual" })
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected%3Fx%3D1")
  })

  it("offers the four sign-in methods at /auth", async () => {
    const providers = await (await fetch(`${playground.url}/auth/providers`)).json()
    expect(Object.keys(providers as object)).toEqual([
      "credentials",
      "playground-id",
      "nodemailer",
      "passkey",
    ])
  })

  it("shows a signed-in user the passkeys, sessions and accounts sections, driven by /home.js", async () => {
    const jar = new CookieJar()
    const signIn = await postAuthForm(playground.url, "/auth/callback/credentials", {
      email: "demo@example.test",
      password: "demo",
    })
    jar.store(signIn)

    const home = await fetch(playground.url, { headers: { cookie: jar.header() } })
    const page = await home.text()
    expect(page).toContain('<h2 id="passkeys-heading">Passkeys</h2>')
    expect(page).toContain('<h2 id="sessions-heading">Your sessions</h2>')
    expect(page).toContain('<h2 id="accounts-heading">Linked accounts</h2>')
    expect(page).toContain('<h2 id="userinfo-heading">Playground ID userinfo</h2>')
    expect(page).toContain('<script type="module" src="/home.js"></script>')
    expect(home.headers.get("content-security-policy")).toContain("script-src 'self'")
    const script = await fetch(`${playground.url}/home.js`)
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    // The browser client is bundled in, with the playground's base path.
    expect(await script.text()).toContain("/auth")
    const read = (path: string) =>
      fetch(`${playground.url}/auth/${path}`, { headers: { cookie: jar.header() } })
    expect(await (await read("passkeys")).json()).toEqual({ passkeys: [] })
    const { sessions } = (await (await read("sessions")).json()) as {
      sessions: { current: boolean }[]
    }
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
    expect(await (await read("accounts")).json()).toEqual({ accounts: [] })
  })

  it("shows the account sections to signed-in users only", async () => {
    const page = await (await fetch(playground.url)).text()
    expect(page).not.toContain("passkeys-heading")
    expect(page).not.toContain("sessions-heading")
    expect(page).not.toContain("/home.js")
  })

  it("lists sent messages in the mailbox, newest first, links escaped", async () => {
    expect(await (await fetch(`${playground.url}/mailbox`)).text()).toContain("No messages yet")
    for (const email of ["first@example.test", "second@example.test"]) {
      const response = await postAuthForm(playground.url, "/auth/signin/nodemailer", { email })
      expect(response.headers.get("location")).toMatch(/\/auth\/verify-request/)
    }

    const page = await (await fetch(`${playground.url}/mailbox`)).text()

    const second = page.indexOf("To second@example.test")
    expect(second).toBeGreaterThan(0)
    expect(page.indexOf("To first@example.test")).toBeGreaterThan(second)
    expect(page).toMatch(
      /href="http:\/\/localhost:\d+\/auth\/callback\/nodemailer\?callbackUrl=[^"&]+&amp;token=/,
    )
  })

  it("answers unknown paths with a 404 page", async () => {
    const response = await fetch(`${playground.url}/nope`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain("There is no page here.")
  })

  it.each(["localhost", "127.0.0.1"])(
    "sends Playground ID sign-ins from %s to the identity provider's login form",
    async (host) => {
      const origin = playground.url.replace("localhost", host)
      const signIn = await postAuthForm(origin, "/auth/signin/playground-id", {})
      const authorization = new URL(signIn.headers.get("location") ?? "")
      expect(authorization.origin).toBe(playground.issuer)
      expect(authorization.searchParams.get("redirect_uri")).toBe(
        `${origin}/auth/callback/playground-id`,
      )

      // An unregistered redirect_uri would get the provider's error page instead.
      const response = await fetch(authorization, { redirect: "manual" })
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toMatch(/^\/interaction\//)
    },
  )
})

describe("startPlayground in production", () => {
  it("refuses to start without AUTH_SECRET, and starts nothing", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "playground-prod-"))
    try {
      await expect(
        startPlayground({ port: 0, dataDir, production: true, log: () => {} }),
      ).rejects.toThrow(/^AUTH_SECRET is not set\. In production/)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe("startPlayground on a port in use", () => {
  it("says which port, and that PORT picks another", async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve))
    const { port } = blocker.address() as { port: number }
    const dataDir = await mkdtemp(join(tmpdir(), "playground-port-"))
    try {
      const started = startPlayground({ port, dataDir, log: () => {} })
      await expect(started).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use. Stop what is using it, or choose another port with PORT: PORT=${port + 1} pnpm dev (PORT=0 picks a free one).`,
      )
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()))
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

/** POSTs a form to an auth route with a fresh CSRF token, as the built-in pages do. */
async function postAuthForm(
  origin: string,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  const jar = new CookieJar()
  const csrf = await fetch(`${origin}/auth/csrf`)
  jar.store(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/", ...fields }),
  })
}
