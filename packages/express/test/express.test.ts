import { locationOf, parseSetCookie } from "@auth/integration-test"
import { afterEach, describe, expect, it } from "vitest"
import { ExpressAuth } from "../src/index.js"
import { EXPRESS_VERSIONS, type ExpressFactory } from "./app.js"

const [[, express5], [, express4]] = EXPRESS_VERSIONS as [
  readonly [string, ExpressFactory],
  readonly [string, ExpressFactory],
]

import {
  exchangeRaw,
  PASSWORD,
  type Running,
  sendEndlessBody,
  sendWholeBodyThenRead,
  serve,
  testConfig,
  USER,
} from "./support.js"

let running: Running | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

describe.each(EXPRESS_VERSIONS)("%s", (_, createApp) => {
  describe("trust proxy", () => {
    const forwarded = { "x-forwarded-host": "app.example:8443", "x-forwarded-proto": "https" }

    it("honours X-Forwarded-Host and X-Forwarded-Proto from a trusted proxy", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.set("trust proxy", "loopback")
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.action("/providers", { headers: forwarded })
      const providers = (await response.json()) as Record<string, { signinUrl: string }>
      expect(providers.credentials?.signinUrl).toBe(
        "https://app.example:8443/auth/signin/credentials",
      )
      const csrf = await running.client.action("/csrf", { headers: forwarded })
      const names = csrf.headers.getSetCookie().map((cookie) => parseSetCookie(cookie).name)
      expect(names).toEqual(["__Host-authjs.csrf-token"])
    })

    it("takes the first of several X-Forwarded-Host values", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.set("trust proxy", true)
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.action("/providers", {
        headers: { "x-forwarded-host": "first.example, second.example" },
      })
      const providers = (await response.json()) as Record<string, { signinUrl: string }>
      expect(providers.credentials?.signinUrl).toBe("http://first.example/auth/signin/credentials")
    })

    it("lets a trusted proxy's Forwarded header win over X-Forwarded-*", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.set("trust proxy", "loopback")
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.action("/providers", {
        headers: { ...forwarded, forwarded: 'host="proxied.example";proto=http' },
      })
      const providers = (await response.json()) as Record<string, { signinUrl: string }>
      expect(providers.credentials?.signinUrl).toBe(
        "http://proxied.example/auth/signin/credentials",
      )
    })

    it("ignores them when trust proxy trusts another address", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.set("trust proxy", "10.0.0.1")
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.action("/providers", { headers: forwarded })
      const providers = (await response.json()) as Record<string, { signinUrl: string }>
      expect(providers.credentials?.signinUrl).toBe(`${running.baseUrl}/auth/signin/credentials`)
    })

    it("refuses a forwarded host that is not a host", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.set("trust proxy", true)
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.action("/session", {
        headers: { "x-forwarded-host": "evil.example/path" },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toBe("Bad request.")
    })
  })

  describe("bodies parsed by the app first", () => {
    it.each([
      [
        "express.json() and urlencoded({ extended: true })",
        (e: ExpressFactory) => [e.json(), e.urlencoded({ extended: true })],
      ],
      [
        "express.urlencoded({ extended: false })",
        (e: ExpressFactory) => [e.urlencoded({ extended: false })],
      ],
      // Express 4's json() sets `req.body = {}` on a form it skips, without reading it.
      ["express.json() alone", (e: ExpressFactory) => [e.json()]],
    ])("a form sign-in works after %s", async (_, parsers) => {
      const { config, captured } = testConfig()
      running = await serve(createApp, (app) => {
        for (const parser of parsers(createApp)) app.use(parser)
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.signIn({
        username: "ada",
        password: PASSWORD,
        "profile[city]": "London",
        callbackUrl: "/done",
      })
      expect(response.headers.get("location")).toBe(`${running.baseUrl}/done`)
      expect(captured.at(-1)).toMatchObject({ "profile[city]": "London", username: "ada" })
    })

    it("a multipart sign-in works without any parser", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      const { client } = running
      const form = new FormData()
      form.set("username", "ada")
      form.set("password", PASSWORD)
      form.set("csrfToken", await client.csrfToken())
      const response = await client.action("/callback/credentials", { method: "POST", body: form })
      expect(response.status).toBe(302)
      expect(client.jar.has("authjs.session-token")).toBe(true)
    })

    it("a JSON sign-in and a session update work after express.json()", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use(createApp.json())
        app.use("/auth", ExpressAuth(config))
      })
      const { client } = running
      const csrfToken = await client.csrfToken()
      const signIn = await client.postJson("/callback/credentials", {
        username: "ada",
        password: PASSWORD,
        csrfToken,
      })
      expect(signIn.status).toBe(302)
      const update = await client.postJson("/session", { csrfToken, data: { anything: true } })
      expect(update.status).toBe(200)
      expect(await update.json()).toMatchObject({ user: { email: USER.email } })
    })

    it("the fields reach authorize exactly as without a parser", async () => {
      const fields = {
        username: "ada",
        password: "wrong",
        "a[b][c]": "deep",
        list: "x & y = z",
        emoji: "🦊",
      }
      const seen: Array<Record<string, unknown> | undefined> = []
      for (const parse of [false, true]) {
        const { config, captured } = testConfig()
        running = await serve(createApp, (app) => {
          if (parse) app.use(createApp.urlencoded({ extended: true }))
          app.use("/auth", ExpressAuth(config))
        })
        await running.client.signIn(fields)
        const { csrfToken: _, ...received } = captured.at(-1) ?? {}
        seen.push(received)
        await running.close()
        running = undefined
      }
      expect(seen[1]).toEqual(seen[0])
      expect(seen[0]).toMatchObject(fields)
    })

    it("a repeated field is still refused after the parser merged it", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use(createApp.urlencoded({ extended: true }))
        app.use("/auth", ExpressAuth(config))
      })
      const csrfToken = await running.client.csrfToken()
      const body = `csrfToken=${encodeURIComponent(csrfToken)}&csrfToken=x`
      const response = await running.client.action("/signout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      })
      expect(response.status).toBe(400)
    })

    it("a body read by express.raw() is passed on as bytes", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use(createApp.raw({ type: () => true }))
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.signIn({ username: "ada", password: PASSWORD })
      expect(response.status).toBe(302)
      expect(running.client.jar.has("authjs.session-token")).toBe(true)
    })
  })

  describe("body limits", () => {
    it("stops reading a stalled oversized body and answers 413 at once", async () => {
      const { config } = testConfig()
      let bytesRead = 0
      running = await serve(createApp, (app) => {
        app.use((req, _res, next) => {
          req.on("data", (chunk: Buffer) => {
            bytesRead += chunk.byteLength
          })
          next()
        })
        app.use("/auth", ExpressAuth(config))
      })
      const chunk = new Uint8Array(16 * 1024).fill(97)
      let sent = 0
      // 256 KiB, then the client never finishes: only a server that stops reading can answer.
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) =>
          sent++ < 16 ? controller.enqueue(chunk) : new Promise<void>(() => {}),
      })
      const response = await fetch(`${running.baseUrl}/auth/signout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        duplex: "half",
      } as RequestInit)
      expect(response.status).toBe(413)
      expect(response.headers.get("connection")).toBe("close")
      expect(await response.json()).toBe("Request body too large.")
      // The rest is dropped while it comes, up to 8 MiB: never buffered.
      expect(bytesRead).toBeLessThanOrEqual(16 * chunk.byteLength)
    })

    it("drops the rest of the body before closing: a client still sending reads the whole 413", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      // A proxy's way: it sends the whole body, and reads the answer after. Had the server
      // closed while bytes kept coming, its kernel would reset the connection: the writes
      // fail, and the 413 is lost.
      const { response, writeErrors } = await sendWholeBodyThenRead(running.baseUrl, 512 * 1024)
      expect(writeErrors).toEqual([])
      expect(response).toMatch(/^HTTP\/1\.1 413 /)
      expect(response).toMatch(/\r\nconnection: close\r\n/i)
      expect(response.endsWith('\r\n\r\n"Request body too large."')).toBe(true)
    })

    it("closes after 8 MiB of a body that never ends, the 413 already sent", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      const { response, closedAfterBytes } = await sendEndlessBody(running.baseUrl)
      expect(response).toMatch(/^HTTP\/1\.1 413 /)
      expect(response.endsWith('"Request body too large."')).toBe(true)
      expect(closedAfterBytes).toBeGreaterThan(8 * 1024 * 1024)
      expect(closedAfterBytes).toBeLessThan(64 * 1024 * 1024)
    })

    it("answers a declared oversized Content-Length without reading", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      const response = await running.client.raw({
        method: "POST",
        path: "/auth/signout",
        headers: { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) },
        body: "{}",
      })
      expect(response.status).toBe(413)
    })
  })

  describe("a request without Host", () => {
    it("is served on the app's URL: a balancer's HTTP/1.0 health check gets 200", async () => {
      const { config } = testConfig({ url: "https://app.example/auth" })
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      const response = await exchangeRaw(running.baseUrl, "GET /auth/health HTTP/1.0\r\n\r\n")
      expect(response).toMatch(/^HTTP\/1\.1 200 /)
      expect(response.endsWith('{"status":"ok"}')).toBe(true)
    })

    it("is refused with 400 when the app has no URL of its own", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      const response = await exchangeRaw(running.baseUrl, "GET /auth/health HTTP/1.0\r\n\r\n")
      expect(response).toMatch(/^HTTP\/1\.1 400 /)
    })
  })

  describe("mounting", () => {
    it("mounted without a path, serves config.basePath and passes the rest on", async () => {
      const { config } = testConfig({ basePath: "/api/auth" })
      running = await serve(
        createApp,
        (app) => {
          app.use(ExpressAuth(config))
          app.get("/hello", (_req, res) => void res.send("hello"))
        },
        "/api/auth",
      )
      expect((await running.client.action("/session")).status).toBe(200)
      expect(await (await running.client.fetch("/hello")).text()).toBe("hello")
      expect((await running.client.fetch("/api/other")).status).toBe(404)
      // Requests that are not ours reach the app whatever their Host says.
      const hello = await running.client.raw({ path: "/hello", headers: { host: "not a host" } })
      expect(hello.body).toBe("hello")
    })

    it("mounted without a path or basePath, serves /auth", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use(ExpressAuth(config))
        app.get("/hello", (_req, res) => void res.send("hello"))
      })
      expect((await running.client.action("/session")).status).toBe(200)
      expect(await (await running.client.fetch("/hello")).text()).toBe("hello")
    })

    it("in a nested router, the base path is the full mount path", async () => {
      const { config } = testConfig()
      running = await serve(
        createApp,
        (app) => {
          const router = createApp.Router()
          router.use("/auth", ExpressAuth(config))
          app.use("/api", router)
        },
        "/api/auth",
      )
      const response = await running.client.action("/providers")
      const providers = (await response.json()) as Record<string, { callbackUrl: string }>
      expect(providers.credentials?.callbackUrl).toBe(
        `${running.baseUrl}/api/auth/callback/credentials`,
      )
    })

    it("at a mount path with a parameter, each request gets its own base path", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/:tenant/auth", ExpressAuth(config)))
      for (const tenant of ["acme", "globex"]) {
        const response = await running.client.fetch(`/${tenant}/auth/providers`)
        const providers = (await response.json()) as Record<string, { signinUrl: string }>
        expect(providers.credentials?.signinUrl).toBe(
          `${running.baseUrl}/${tenant}/auth/signin/credentials`,
        )
      }
    })
  })

  describe("responses", () => {
    it("never calls next() after answering", async () => {
      const { config } = testConfig()
      let reachedNext = 0
      running = await serve(createApp, (app) => {
        app.use("/auth", ExpressAuth(config))
        app.use((_req, res) => {
          reachedNext++
          res.status(418).end()
        })
      })
      const { client } = running
      await client.signIn({ username: "ada", password: PASSWORD })
      await client.signIn({ username: "ada", password: "wrong" })
      await client.action("/unknown")
      await client.action("/signin")
      expect(reachedNext).toBe(0)
    })

    it("keeps the cookies the app set before, next to its own", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => {
        app.use((_req, res, next) => {
          res.cookie("app", "1")
          next()
        })
        app.use("/auth", ExpressAuth(config))
      })
      const response = await running.client.action("/csrf")
      const names = response.headers.getSetCookie().map((cookie) => parseSetCookie(cookie).name)
      expect(names).toEqual(["app", "authjs.csrf-token"])
    })

    it("sends each Set-Cookie header on its own", async () => {
      const { config } = testConfig()
      running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
      const { client } = running
      const csrfToken = await client.csrfToken()
      const response = await client.postForm("/callback/credentials", {
        username: "ada",
        password: PASSWORD,
        csrfToken,
        callbackUrl: "/x",
      })
      const names = response.headers.getSetCookie().map((cookie) => parseSetCookie(cookie).name)
      expect(names).toEqual(expect.arrayContaining(["authjs.callback-url", "authjs.session-token"]))
      expect(locationOf(response, running.baseUrl).pathname).toBe("/x")
    })

    it("a config that cannot even be read throws when ExpressAuth is called, at startup", () => {
      const config = testConfig().config
      const broken = Object.defineProperty({ ...config }, "providers", {
        enumerable: true,
        get: () => {
          throw new Error("boom")
        },
      })
      expect(() => ExpressAuth(broken)).toThrow("boom")
    })
  })
})

describe.each([
  ["express 4", express4, "/auth/*", "/auth"],
  ["express 4", express4, "/signin-area/auth/*", "/signin-area/auth"],
  ["express 5", express5, "/auth/*splat", "/auth"],
  ["express 5", express5, "/signin-area/auth/{*rest}", "/signin-area/auth"],
])("%s mounted with Auth.js's wildcard form %s", (_, createApp, pattern, basePath) => {
  it("serves under the path before the wildcard", async () => {
    const { config } = testConfig()
    running = await serve(createApp, (app) => app.use(pattern, ExpressAuth(config)), basePath)
    const { client } = running
    const providers = (await (await client.action("/providers")).json()) as Record<
      string,
      { callbackUrl: string }
    >
    expect(providers.credentials?.callbackUrl).toBe(
      `${running.baseUrl}${basePath}/callback/credentials`,
    )
    const signIn = await client.signIn({ username: "ada", password: PASSWORD, callbackUrl: "/" })
    expect(signIn.headers.get("location")).toBe(`${running.baseUrl}/`)
    expect(await client.session()).toMatchObject({ user: { email: USER.email } })
  })
})
