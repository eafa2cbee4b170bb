import { readdirSync } from "node:fs"
import { afterEach, describe, expect, it, vi } from "vitest"
import {
  authSession,
  ExpressAuth,
  type ExpressAuthConfig,
  getSession,
  requireAuth,
} from "../src/index.js"
import GitHub from "../src/providers/github.js"
import { EXPRESS_VERSIONS } from "./app.js"
import { PASSWORD, type Running, SECRET, serve, testConfig, USER } from "./support.js"

let running: Running | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await running?.close()
  running = undefined
})

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

const [, express5] = EXPRESS_VERSIONS[0]!

describe("the config", () => {
  it("is never mutated: a deeply frozen config serves a whole flow", async () => {
    vi.stubEnv("AUTH_URL", "http://localhost:3000/api/auth")
    vi.stubEnv("AUTH_CREDENTIALS_ID", "ignored")
    const { config } = testConfig()
    const keys = Object.keys(config).sort()
    deepFreeze(config)
    running = await serve(express5, (app) => {
      app.use("/auth", ExpressAuth(config))
      app.use(authSession(config))
      app.get("/private", requireAuth(config), (_req, res) => void res.json(res.locals.session))
      app.get("/me", async (req, res) => void res.json(await getSession(req, config)))
    })
    const { client } = running
    await client.signIn({ username: "ada", password: PASSWORD })
    expect(await client.session()).toMatchObject({ user: { email: USER.email } })
    expect((await client.fetch("/private")).status).toBe(200)
    expect(await (await client.fetch("/me")).json()).toMatchObject({ user: { email: USER.email } })
    expect(Object.keys(config).sort()).toEqual(keys)
    expect(config.basePath).toBeUndefined()
  })
})

describe("environment variables", () => {
  it("AUTH_SECRET is read once per config", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET)
    const { config } = testConfig({ secret: undefined })
    running = await serve(express5, (app) => app.use("/auth", ExpressAuth(config)))
    const { client } = running
    await client.signIn({ username: "ada", password: PASSWORD })
    // A later change does not reach a config already in use: its sessions stay readable.
    vi.stubEnv("AUTH_SECRET", "another-secret-that-is-long-enough-to-use")
    expect(await client.session()).toMatchObject({ user: { email: USER.email } })
  })

  it("AUTH_SECRET_1 is a rotation secret: sessions made with it stay valid", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET)
    const before = testConfig({ secret: undefined }).config
    running = await serve(express5, (app) => app.use("/auth", ExpressAuth(before)))
    await running.client.signIn({ username: "ada", password: PASSWORD })
    const cookie = running.client.jar.header()
    await running.close()
    running = undefined

    vi.stubEnv("AUTH_SECRET", "a-brand-new-secret-that-is-long-enough")
    vi.stubEnv("AUTH_SECRET_1", SECRET)
    const after = testConfig({ secret: undefined }).config
    running = await serve(express5, (app) => app.use("/auth", ExpressAuth(after)))
    const response = await running.client.action("/session", { headers: { cookie } })
    expect(await response.json()).toMatchObject({ user: { email: USER.email } })
  })

  it("in production, the host is trusted only with AUTH_TRUST_HOST (or AUTH_URL)", async () => {
    vi.stubEnv("NODE_ENV", "production")
    vi.stubEnv("AUTH_TRUST_HOST", undefined)
    vi.stubEnv("AUTH_URL", undefined)
    const untrusted = testConfig({ trustHost: undefined }).config
    expect(() => ExpressAuth(untrusted)).toThrow(/AUTH_TRUST_HOST=true/)

    vi.stubEnv("AUTH_TRUST_HOST", "true")
    const trusted = testConfig({ trustHost: undefined }).config
    running = await serve(express5, (app) => app.use("/auth", ExpressAuth(trusted)))
    expect((await running.client.action("/session")).status).toBe(200)
  })

  it("AUTH_<PROVIDER>_ID and _SECRET configure a provider", async () => {
    vi.stubEnv("AUTH_GITHUB_ID", "env-client-id")
    vi.stubEnv("AUTH_GITHUB_SECRET", "env-client-secret")
    const { config } = testConfig({ providers: [GitHub] })
    running = await serve(express5, (app) => app.use("/auth", ExpressAuth(config)))
    const { client } = running
    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/signin/github", { csrfToken })
    const location = new URL(response.headers.get("location") ?? "")
    expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize")
    expect(location.searchParams.get("client_id")).toBe("env-client-id")
    expect(location.searchParams.get("redirect_uri")).toBe(
      `${running.baseUrl}/auth/callback/github`,
    )
  })

  it("the mount path beats AUTH_URL's path, without a warning", async () => {
    vi.stubEnv("AUTH_URL", "http://localhost:3000/api/auth")
    const { config, warnings } = testConfig()
    running = await serve(express5, (app) => app.use("/auth", ExpressAuth(config)))
    expect((await running.client.action("/session")).status).toBe(200)
    expect(warnings).toEqual([])
  })

  it("a basePath next to an AUTH_URL path is warned about once, not per request", async () => {
    vi.stubEnv("AUTH_URL", "http://localhost:3000/api/auth")
    const { config, warnings } = testConfig({ basePath: "/auth" })
    running = await serve(express5, (app) => app.use("/auth", ExpressAuth(config)))
    for (let i = 0; i < 3; i++) expect((await running.client.action("/session")).status).toBe(200)
    expect(warnings).toEqual(["env-url-basepath-redundant"])
  })

  it("without a mount path or basePath, AUTH_URL's path is the base path", async () => {
    vi.stubEnv("AUTH_URL", "http://localhost:3000/api/auth")
    const { config } = testConfig()
    running = await serve(express5, (app) => app.use(ExpressAuth(config)), "/api/auth")
    expect((await running.client.action("/session")).status).toBe(200)
    expect((await running.client.fetch("/auth/session")).status).toBe(404)
  })
})

describe("providers", () => {
  const coreProviders = new URL("../../core/src/providers/", import.meta.url)
  const modules = readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.replace(/\.ts$/, ""))

  it.each(modules)("@auth/express/providers/%s re-exports @auth/core's", async (name) => {
    const ours = (await import(`../src/providers/${name}.ts`)) as Record<string, unknown>
    const specifier = name === "index" ? "@auth/core/providers" : `@auth/core/providers/${name}`
    const core = (await import(specifier)) as Record<string, unknown>
    expect(Object.keys(ours).sort()).toEqual(Object.keys(core).sort())
    for (const key of Object.keys(core)) expect(ours[key]).toBe(core[key])
  })
})

describe.each(EXPRESS_VERSIONS)("%s with a config typed as ExpressAuthConfig", (_, createApp) => {
  it("signs in", async () => {
    const config: ExpressAuthConfig = testConfig().config
    running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
    expect((await running.client.signIn({ username: "ada", password: PASSWORD })).status).toBe(302)
  })
})
