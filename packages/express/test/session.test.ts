import { DatabaseUnavailableError } from "@auth/core/adapters"
import { locationOf } from "@auth/integration-test"
import type { NextFunction, Request, Response } from "express"
import { afterEach, describe, expect, it, vi } from "vitest"
import { authSession, ExpressAuth, getSession, requireAuth } from "../src/index.js"
import { EXPRESS_VERSIONS } from "./app.js"
import { PASSWORD, type Running, serve, testConfig, USER } from "./support.js"

let running: Running | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await running?.close()
  running = undefined
})

describe.each(EXPRESS_VERSIONS)("%s", (_, createApp) => {
  describe("getSession", () => {
    it("is null without a session, the session with one", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/me", async (req, res) => void res.json(await getSession(req, config)))
      })
      const { client } = running
      expect(await (await client.fetch("/me")).json()).toBeNull()
      await client.signIn({ username: "ada", password: PASSWORD })
      expect(await (await client.fetch("/me")).json()).toMatchObject({
        user: { name: USER.name, email: USER.email },
      })
    })

    it("agrees with ExpressAuth on the cookie names behind a trusted https proxy", async () => {
      const { config } = testConfig()
      const headers = { "x-forwarded-proto": "https" }
      running = await serve(createApp, (app) => {
        app.set("trust proxy", "loopback")
        app.use("/auth", ExpressAuth(config))
        app.get("/me", async (req, res) => void res.json(await getSession(req, config)))
      })
      const { client } = running
      const csrf = await client.action("/csrf", { headers })
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      await client.postForm(
        "/callback/credentials",
        { username: "ada", password: PASSWORD, csrfToken },
        headers,
      )
      expect(client.jar.has("__Secure-authjs.session-token")).toBe(true)
      expect(await (await client.fetch("/me", { headers })).json()).toMatchObject({
        user: { email: USER.email },
      })
    })

    it("agrees with ExpressAuth on the cookie names when AUTH_URL names another origin", async () => {
      vi.stubEnv("AUTH_URL", "https://elsewhere.example/api/auth")
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/me", async (req, res) => void res.json(await getSession(req, config)))
      })
      await running.client.signIn({ username: "ada", password: PASSWORD })
      expect(await (await running.client.fetch("/me")).json()).toMatchObject({
        user: { email: USER.email },
      })
    })

    it("is null while the config has a mistake, and throws it in production", async () => {
      vi.stubEnv("AUTH_SECRET", "")
      const { config, errors } = testConfig({ secret: undefined })
      let seen: unknown = "not called"
      running = await serve(createApp, (app) => {
        app.get("/me", async (req, res) => {
          seen = await getSession(req, config)
          res.end()
        })
      })
      expect((await running.client.fetch("/me")).status).toBe(200)
      expect(seen).toBeNull()
      expect(errors.map((error) => error.name)).toEqual(["MissingSecret"])

      vi.stubEnv("NODE_ENV", "production")
      const failures: unknown[] = []
      await running.close()
      running = await serve(createApp, (app) => {
        app.get("/me", async (req, res) => {
          try {
            res.json(await getSession(req, testConfig({ secret: undefined }).config))
          } catch (error) {
            failures.push(error)
            res.status(500).end()
          }
        })
      })
      expect((await running.client.fetch("/me")).status).toBe(500)
      expect(failures).toEqual([expect.objectContaining({ type: "MissingSecret" })])
    })

    it("gives null when the session callback throws, as GET /session answers, and logs the cause", async () => {
      const boom = new Error("boom")
      const { config, errors } = testConfig({
        callbacks: {
          session: () => {
            throw boom
          },
        },
      })
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/me", async (req, res) => {
          res.json(await getSession(req, config))
        })
      })
      await running.client.signIn({ username: "ada", password: PASSWORD })
      errors.length = 0
      const me = await running.client.fetch("/me")
      expect(me.status).toBe(200)
      expect(await me.json()).toBeNull()
      expect(errors.map((error) => (error as Error).name)).toEqual(["JWTSessionError"])
      expect(((errors[0] as Error).cause as { err?: unknown }).err).toBe(boom)
      const route = await running.client.fetch("/auth/session")
      expect(route.status).toBe(200)
      expect(await route.json()).toBeNull()
    })

    it("gives the session as JSON, as GET /session sends it", async () => {
      const { config } = testConfig({
        callbacks: {
          session: ({ session }) =>
            ({ ...session, issued: new Date(0), hidden: undefined }) as never,
        },
      })
      let seen: unknown
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/me", async (req, res) => {
          seen = await getSession(req, config)
          res.end()
        })
      })
      await running.client.signIn({ username: "ada", password: PASSWORD })
      await running.client.fetch("/me")
      expect(seen).toMatchObject({ issued: "1970-01-01T00:00:00.000Z" })
      expect(Object.hasOwn(seen as object, "hidden")).toBe(false)
    })
  })

  describe("authSession", () => {
    it("puts the session, or null, on res.locals.session", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.use(authSession(config))
        app.get("/locals", (_req, res) => void res.json({ session: res.locals.session }))
      })
      const { client } = running
      expect(await (await client.fetch("/locals")).json()).toEqual({ session: null })
      await client.signIn({ username: "ada", password: PASSWORD })
      expect(await (await client.fetch("/locals")).json()).toMatchObject({
        session: { user: { email: USER.email } },
      })
    })
  })

  describe("requireAuth", () => {
    it("redirects to <basePath>/signin with the config's basePath, else /auth", async () => {
      const plain = testConfig().config
      const custom = testConfig({ basePath: "/api/auth/" }).config
      running = await serve(createApp, (app) => {
        app.get("/plain", requireAuth(plain), (_req, res) => void res.end())
        app.post("/custom", requireAuth(custom), (_req, res) => void res.end())
      })
      const plainResponse = await running.client.fetch("/plain?a=1")
      expect(plainResponse.status).toBe(303)
      expect(plainResponse.headers.get("location")).toBe(
        "/auth/signin?callbackUrl=%2Fplain%3Fa%3D1",
      )
      const customResponse = await running.client.fetch("/custom", { method: "POST" })
      expect(customResponse.status).toBe(303)
      expect(customResponse.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fcustom")
      expect(customResponse.headers.get("vary")).toBe("Accept, X-Requested-With")
    })

    it("prefers signInPath, then pages.signIn", async () => {
      const withPage = testConfig({ pages: { signIn: "/login?theme=dark" } }).config
      running = await serve(createApp, (app) => {
        app.get("/page", requireAuth(withPage), (_req, res) => void res.end())
        app.get(
          "/option",
          requireAuth(withPage, { signInPath: "/enter" }),
          (_req, res) => void res.end(),
        )
      })
      expect((await running.client.fetch("/page")).headers.get("location")).toBe(
        "/login?theme=dark&callbackUrl=%2Fpage",
      )
      expect((await running.client.fetch("/option")).headers.get("location")).toBe(
        "/enter?callbackUrl=%2Foption",
      )
    })

    it("never puts another host in callbackUrl", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use(requireAuth(config))
      })
      const response = await running.client.raw({ path: "//evil.example/x" })
      expect(response.status).toBe(303)
      const location = new URL(String(response.headers.location), running.baseUrl)
      expect(location.searchParams.get("callbackUrl")).toBe("/evil.example/x")
    })

    it("lets a signed-in user through and reuses authSession's session", async () => {
      const { config } = testConfig()
      let sessionReads = 0
      const counted = {
        ...config,
        callbacks: {
          session: ({ session }: { session: unknown }) => {
            sessionReads++
            return session as never
          },
        },
      }
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(counted))
        app.use(authSession(counted))
        app.get("/private", requireAuth(counted), (_req, res) => void res.json(res.locals.session))
      })
      const { client } = running
      const signIn = await client.signIn({
        username: "ada",
        password: PASSWORD,
        callbackUrl: "/private",
      })
      expect(locationOf(signIn, running.baseUrl).pathname).toBe("/private")
      sessionReads = 0
      const response = await client.fetch("/private")
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ user: { email: USER.email } })
      expect(sessionReads).toBe(1)
    })

    it("passes a failure to read the session to next(error): a session store that cannot be reached", async () => {
      let reachable = true
      const unreachable = async (): Promise<never> => {
        throw new DatabaseUnavailableError(new Error("connection refused"))
      }
      const store = {
        get: async (keys: readonly string[]) => (reachable ? keys.map(() => null) : unreachable()),
        set: async () => {},
        setField: async () => {},
        getFields: async () => ({}),
        deleteFields: async () => {},
      }
      const { config } = testConfig({ session: { strategy: "jwt", store } })
      const failures: unknown[] = []
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/private", requireAuth(config), (_req, res) => void res.end())
        app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
          failures.push(error)
          res.status((error as { status?: number }).status ?? 500).end()
        })
      })
      await running.client.signIn({ username: "ada", password: PASSWORD })
      reachable = false
      expect((await running.client.fetch("/private")).status).toBe(503)
      expect(failures).toHaveLength(1)
    })

    it("sends the user to sign in when the session callback throws (no session, as GET /session answers)", async () => {
      const { config } = testConfig({
        callbacks: {
          session: () => {
            throw new Error("boom")
          },
        },
      })
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/private", requireAuth(config), (_req, res) => void res.end())
      })
      await running.client.signIn({ username: "ada", password: PASSWORD })
      const response = await running.client.fetch("/private")
      expect(response.status).toBe(303)
      expect(response.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprivate")
    })
  })
})
