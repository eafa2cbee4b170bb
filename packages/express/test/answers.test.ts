/**
 * Every request gets an answer, over real HTTP: unsupported methods, failures after the body
 * was read, and `Host` values no URL can have. Each request has a client-side deadline, so a
 * request left hanging fails its test instead of holding it.
 */
import type { NextFunction, Request, Response } from "express"
import { afterEach, describe, expect, it } from "vitest"
import { authSession, ExpressAuth, getSession, requireAuth } from "../src/index.js"
import { EXPRESS_VERSIONS } from "./app.js"
import { PASSWORD, type Running, requestWithin, serve, testConfig, USER } from "./support.js"

let running: Running | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** Host values that look like hosts but that no URL can have. */
const INVALID_HOSTS = ["evil.example:99999", "1.2.3.256", "[::::]", "999999999999"]

describe.each(EXPRESS_VERSIONS)("%s", (_, createApp) => {
  describe("methods other than GET and POST", () => {
    // TRACE is one a web `Request` refuses to carry: it used to hold the socket forever.
    it.each(["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"])(
      "%s gets 405 with Allow",
      async (method) => {
        const { config } = testConfig()
        running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
        const response = await requestWithin(running.client, { method, path: "/auth/session" })
        expect(response.status).toBe(405)
        expect(response.headers.allow).toBe("GET, POST")
        expect(JSON.parse(response.body)).toBe("Method not allowed.")
      },
    )

    it("HEAD gets 405 with Allow and no body", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      const response = await requestWithin(running.client, {
        method: "HEAD",
        path: "/auth/session",
      })
      expect(response.status).toBe(405)
      expect(response.headers.allow).toBe("GET, POST")
      expect(response.body).toBe("")
    })

    it("mounted without a path, other paths still reach the app", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use(ExpressAuth(config))
        app.put("/items", (_req, res) => void res.send("updated"))
      })
      const response = await requestWithin(running.client, { method: "PUT", path: "/items" })
      expect(response.body).toBe("updated")
    })
  })

  describe("a failure after the body was read", () => {
    /** An app whose own parser hands over a body that cannot be read again. */
    function unreadableBody(app: ReturnType<typeof createApp>): void {
      app.use(createApp.json())
      app.use((req, _res, next) => {
        Object.defineProperty(req.body, "broken", {
          enumerable: true,
          get: () => {
            throw new Error("the body cannot be read")
          },
        })
        next()
      })
    }

    /** POSTs JSON to an action; the answer must arrive in time. */
    function postJson(path: string, body: object) {
      return requestWithin((running as Running).client, {
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    }

    it("reaches the app's error handler, which answers", async () => {
      const { config } = testConfig()
      const failures: unknown[] = []
      running = await serve(createApp, (app) => {
        unreadableBody(app)
        app.use("/auth", ExpressAuth(config))
        app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
          failures.push(error)
          res.status(503).send("handled")
        })
      })
      const response = await postJson("/auth/signout", { csrfToken: "x" })
      expect(response.status).toBe(503)
      expect(response.body).toBe("handled")
      expect(failures).toEqual([new Error("the body cannot be read")])
    })

    it("without an error handler, gets Express's 500", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        unreadableBody(app)
        app.use("/auth", ExpressAuth(config))
      })
      const response = await postJson("/auth/callback/credentials", { username: "ada" })
      expect(response.status).toBe(500)
    })
  })

  describe.each(INVALID_HOSTS)("Host: %s", (host) => {
    it("gets 400 on the auth routes", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      for (const path of ["/auth/session", "/auth/signin", "/auth/csrf"]) {
        const response = await requestWithin(running.client, { path, headers: { host } })
        expect(response.status).toBe(400)
        expect(JSON.parse(response.body)).toBe("Bad request.")
      }
    })

    it("gets 400 from requireAuth, even with a valid session cookie", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/private", requireAuth(config), (_req, res) => void res.send("secret"))
      })
      await running.client.signIn({ username: "ada", password: PASSWORD })
      const response = await requestWithin(running.client, {
        path: "/private",
        headers: { host, cookie: running.client.jar.header() },
      })
      expect(response.status).toBe(400)
      expect(response.body).not.toContain("secret")
    })

    it("gets no session from getSession, and authSession answers 400 before the app's route", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.get("/direct", async (req, res) => void res.json(await getSession(req, config)))
        app.use(authSession(config))
        app.get("/page", async (req, res) => {
          res.json({ locals: res.locals.session, direct: await getSession(req, config) })
        })
      })
      await running.client.signIn({ username: "ada", password: PASSWORD })
      const cookie = running.client.jar.header()
      const valid = await requestWithin(running.client, { path: "/page", headers: { cookie } })
      expect(JSON.parse(valid.body)).toMatchObject({ locals: { user: { email: USER.email } } })

      const response = await requestWithin(running.client, {
        path: "/page",
        headers: { host, cookie },
      })
      expect(response.status).toBe(400)
      expect(response.body).not.toContain(USER.email)
      const direct = await requestWithin(running.client, {
        path: "/direct",
        headers: { host, cookie },
      })
      expect(direct.status).toBe(200)
      expect(JSON.parse(direct.body)).toBeNull()
    })
  })
})
