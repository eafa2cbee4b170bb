/**
 * Configuration mistakes are found when the app sets up `ExpressAuth` and the session helpers,
 * reported once with their fix; in development the app keeps serving, in production it refuses
 * to start. A provider the environment does not configure is no such mistake: it is left out
 * (one warning names its variables) and the app starts and serves the others, also in production.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { authSession, ExpressAuth, type ExpressAuthConfig, requireAuth } from "../src/index.js"
import GitHub from "../src/providers/github.js"
import { EXPRESS_VERSIONS, type ExpressFactory } from "./app.js"
import { PASSWORD, type Running, serve, testConfig, USER } from "./support.js"

const [, express5] = EXPRESS_VERSIONS[0]!

let running: Running | undefined
let printed: string[]

beforeEach(() => {
  printed = []
  vi.spyOn(console, "error").mockImplementation((...args) => void printed.push(args.join(" ")))
})

afterEach(async () => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  await running?.close()
  running = undefined
})

/** The README's app: auth routes, the session on every route, a public and a private page. */
function readmeApp(config: ExpressAuthConfig, createApp: ExpressFactory = express5) {
  return serve(createApp, (app) => {
    app.use("/auth", ExpressAuth(config))
    app.use(authSession(config))
    app.get("/", (_req, res) => void res.json({ session: res.locals.session }))
    app.get("/private", requireAuth(config), (_req, res) => void res.send("private"))
  })
}

/** A config without a secret, with the console as its logger. */
function withoutSecret(): ExpressAuthConfig {
  vi.stubEnv("AUTH_SECRET", "")
  const { logger: _, ...config } = testConfig({ secret: undefined }).config
  return config
}

describe("in development, a config without AUTH_SECRET", () => {
  it("is reported once, at startup, with the fix", async () => {
    running = await readmeApp(withoutSecret())
    expect(printed).toHaveLength(1)
    const report = printed[0] ?? ""
    expect(report).toContain("MissingSecret: No secret is set.")
    expect(report).toContain("npx auth secret")
    expect(report).toContain("AUTH_SECRET")
    expect(report).toContain("NODE_ENV=production")

    for (let i = 0; i < 3; i++) await running.client.fetch("/")
    expect(printed).toHaveLength(1)
  })

  it("keeps serving the app's routes, with no session", async () => {
    running = await readmeApp(withoutSecret())
    const home = await running.client.fetch("/")
    expect(home.status).toBe(200)
    expect(await home.json()).toEqual({ session: null })
  })

  it("sends protected routes to sign in, where the configuration error page explains", async () => {
    running = await readmeApp(withoutSecret())
    const guarded = await running.client.fetch("/private")
    expect(guarded.status).toBe(303)
    expect(guarded.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprivate")

    const page = await running.client.action("/signin")
    expect(page.status).toBe(500)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await page.text()).toContain("There is a problem with the server configuration.")
    const session = await running.client.action("/session")
    expect(session.status).toBe(500)
  })

  it("goes to the config's own logger, once for all the helpers", async () => {
    vi.stubEnv("AUTH_SECRET", "")
    const { config, errors } = testConfig({ secret: undefined })
    running = await readmeApp(config)
    await running.client.fetch("/")
    expect(errors.map((error) => error.name)).toEqual(["MissingSecret"])
    expect(printed).toEqual([])
  })

  it("is reported on Express 4 the same way", async () => {
    const [, express4] = EXPRESS_VERSIONS[1]!
    running = await readmeApp(withoutSecret(), express4)
    expect(printed).toHaveLength(1)
    expect(await (await running.client.fetch("/")).json()).toEqual({ session: null })
  })
})

describe("in production, a config with a mistake", () => {
  beforeEach(() => {
    vi.stubEnv("NODE_ENV", "production")
  })

  it.each([
    ["ExpressAuth", (config: ExpressAuthConfig) => ExpressAuth(config)],
    ["authSession", (config: ExpressAuthConfig) => authSession(config)],
    ["requireAuth", (config: ExpressAuthConfig) => requireAuth(config)],
  ])("makes %s throw it, so the app refuses to start", (_, create) => {
    expect(() => create(withoutSecret())).toThrow(/^No secret is set\. Generate one with/)
  })

  it("makes ExpressAuth throw a mistake in the rateLimit option too", () => {
    const { logger: _, ...config } = testConfig({
      rateLimit: { credentials: { perIdentifier: { limit: 0, windowSeconds: 60 } } },
    }).config
    expect(() => ExpressAuth(config)).toThrow(/rateLimit\.credentials\.perIdentifier/)
  })

  it("throws the error class apps can check", () => {
    let thrown: unknown
    try {
      ExpressAuth(withoutSecret())
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ name: "MissingSecret", type: "MissingSecret" })
  })
})

describe("an OAuth provider listed without its client id and secret", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_GITHUB_ID", undefined)
    vi.stubEnv("AUTH_GITHUB_SECRET", undefined)
  })

  /** The README's app with GitHub listed next to credentials, and the console as its logger. */
  function withGitHub(): ExpressAuthConfig {
    const { logger: _, ...config } = testConfig().config
    return { ...config, providers: [GitHub, ...config.providers] }
  }

  it("is one warning at startup naming every missing variable, and no error", async () => {
    const warned: string[] = []
    vi.spyOn(console, "warn").mockImplementation((...args) => void warned.push(args.join(" ")))
    running = await readmeApp(withGitHub())
    for (const path of ["/", "/private"]) await running.client.fetch(path)
    await running.client.action("/providers")

    const lines = warned.filter((line) => line.includes("[auth][warn][providers-unavailable]"))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("AUTH_GITHUB_ID")
    expect(lines[0]).toContain("AUTH_GITHUB_SECRET")
    expect(printed).toEqual([])
  })

  it("does not stop a production app: it starts and serves the other providers", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const { config, errors } = testConfig()
    running = await readmeApp({ ...config, providers: [GitHub, ...config.providers] })

    const providers = await running.client.action("/providers")
    expect(providers.status).toBe(200)
    expect(Object.keys(await providers.json())).toEqual(["credentials"])
    await running.client.signIn({ username: "ada", password: PASSWORD })
    const home = await running.client.fetch("/")
    expect(await home.json()).toMatchObject({ session: { user: { email: USER.email } } })
    expect(errors).toEqual([])
  })

  it("answers a sign-in with it with the Configuration error page, never sending it to GitHub", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const { config, errors } = testConfig()
    running = await readmeApp({ ...config, providers: [GitHub, ...config.providers] })
    const csrfToken = await running.client.csrfToken()
    const signIn = await running.client.postForm("/signin/github", { csrfToken })
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(`${running.baseUrl}/auth/error?error=Configuration`)
    expect(errors.at(-1)?.message).toMatch(
      /^Provider "github" is not configured: set AUTH_GITHUB_ID/,
    )
  })
})
