import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Readable } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createAuthClient, createSession } from "../src/client.js"
import { SolidAuth } from "../src/index.js"
import { CookieJar, DEMO_CREDENTIALS, DEMO_USER, testConfig } from "./support.js"

const PREFIX = "/custom/auth"
let server: Server
let origin: string

/** The catch-all route at {@link PREFIX}, served over HTTP as SolidStart on Node would. */
beforeAll(async () => {
  const { GET, POST } = SolidAuth(testConfig({ prefix: PREFIX }).config)
  server = createServer(async (req, res) => {
    const handler = req.method === "POST" ? POST : GET
    const response = await handler({ request: toRequest(req), nativeEvent: nodeEvent(req) })
    res.writeHead(response.status, [...response.headers].flat())
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item)
  }
  const body = req.method === "POST" ? (Readable.toWeb(req) as ReadableStream) : undefined
  return new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    body,
    duplex: "half",
  } as RequestInit)
}

function nodeEvent(req: IncomingMessage) {
  return { runtime: { node: { req } } }
}

/** A browser tab: `fetch` carrying the jar's cookies, and where it navigated. */
function browserTab(jar: CookieJar) {
  const visited: string[] = []
  const client = createAuthClient({
    prefix: PREFIX,
    baseUrl: origin,
    broadcastChannel: false,
    currentUrl: () => `${origin}/page`,
    navigate: (url) => void visited.push(url),
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers)
      if (jar.header()) headers.set("cookie", jar.header())
      const response = await fetch(input, { ...init, headers })
      jar.store(response)
      return response
    },
  })
  return { client, visited }
}

describe("@auth/solid-start/client at another prefix", () => {
  it("signs in with a password, reads the session, signs out", async () => {
    const { client, visited } = browserTab(new CookieJar())
    await client.signIn("credentials", { ...DEMO_CREDENTIALS, redirectTo: "/welcome" })
    expect(visited).toEqual([`${origin}/welcome`])
    expect(await client.getSession()).toMatchObject({ user: { email: DEMO_USER.email } })

    await client.signOut({ redirectTo: "/bye" })
    expect(visited.at(-1)).toBe(`${origin}/bye`)
    expect(await client.getSession()).toBeNull()
  })

  it("reports a wrong password with redirect: false, ok false", async () => {
    const { client, visited } = browserTab(new CookieJar())
    const result = await client.signIn("credentials", {
      username: "ada",
      password: "wrong",
      redirect: false,
    })
    expect(result).toMatchObject({ error: "CredentialsSignin", code: "credentials", ok: false })
    expect(visited).toEqual([])
  })

  it("sends signIn() without a provider to the sign-in page, not to /signin/undefined", async () => {
    const { client, visited } = browserTab(new CookieJar())
    await client.signIn()
    expect(visited).toEqual([
      `${origin}${PREFIX}/signin?callbackUrl=${encodeURIComponent(`${origin}/page`)}`,
    ])
  })
})

describe("createSession() while the server renders", () => {
  it("is the session the page is rendered with, and fetches nothing", async () => {
    const session = { user: { email: DEMO_USER.email }, expires: "2030-01-01T00:00:00.000Z" }
    expect(createSession({ session })()).toEqual({ data: session, status: "authenticated" })
    expect(createSession({ session: null })()).toEqual({ data: null, status: "unauthenticated" })
    // An accessor (route data) is not read for the first state, which hydration must repeat.
    expect(createSession({ session: () => session })()).toEqual({ data: null, status: "loading" })
    const unknown = createSession()
    expect(unknown()).toEqual({ data: null, status: "loading" })
    expect(await unknown.refetch()).toBeNull()
  })
})
