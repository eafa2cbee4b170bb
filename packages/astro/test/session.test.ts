import { afterEach, describe, expect, it } from "vitest"
import { AstroAuth, getSession } from "../src/server.js"
import { Browser, ORIGIN, SECRET, testConfig, USER } from "./support.js"

async function signedIn(config = testConfig()): Promise<Browser> {
  const browser = new Browser(AstroAuth(config).POST)
  await browser.signIn("/api/auth")
  return browser
}

describe("getSession", () => {
  afterEach(() => {
    delete process.env.AUTH_SECRET
  })

  it("is null without a session cookie", async () => {
    expect(await getSession(new Request(`${ORIGIN}/`))).toBeNull()
  })

  it("reads the session as GET /session sends it: JSON, dates as strings", async () => {
    const browser = await signedIn()
    const session = await getSession(browser.request("/dashboard"))
    expect(session).toMatchObject({ user: { name: USER.name, email: USER.email } })
    expect(typeof session?.expires).toBe("string")
  })

  it("reads once per request, however often it is asked", async () => {
    let calls = 0
    const config = testConfig({
      callbacks: {
        session: ({ session }) => {
          calls++
          return session
        },
      },
    })
    const browser = await signedIn(config)
    const request = browser.request("/")
    const [first, second] = await Promise.all([
      getSession(request, config),
      getSession(request, config),
    ])
    expect(await getSession(request, config)).toBe(first)
    expect(second).toBe(first)
    expect(calls).toBe(1)
  })

  it.each([
    ["a token that is not a JWT", "authjs.session-token=not-a-jwt"],
    ["broken percent-encoding", 'authjs.session-token="%E0%A4%A; =;'],
  ])("is null for %s", async (_, cookie) => {
    expect(await getSession(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toBeNull()
  })

  it("fails closed: null, with the cause logged, when a callback throws", async () => {
    const errors: Error[] = []
    const config = testConfig({
      callbacks: {
        session: () => {
          throw new Error("session callback broke")
        },
      },
      logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
    })
    const browser = await signedIn(testConfig())
    expect(await getSession(browser.request("/"), config)).toBeNull()
    expect(errors.length).toBeGreaterThan(0)
  })

  it("fails closed on a config mistake (no secret anywhere)", async () => {
    const config = testConfig({ secret: undefined, logger: { error: () => {} } })
    const browser = await signedIn()
    expect(await getSession(browser.request("/"), config)).toBeNull()
  })

  it("takes AUTH_SECRET from the environment (core's env defaults, which auth-astro skipped)", async () => {
    process.env.AUTH_SECRET = SECRET
    const config = testConfig({ secret: undefined })
    const browser = await signedIn(config)
    expect(await getSession(browser.request("/"), config)).toMatchObject({
      user: { email: USER.email },
    })
  })
})
