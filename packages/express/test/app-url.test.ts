/**
 * A poisoned `Host` or `X-Forwarded-Host` over real HTTP: with `AUTH_URL` set, every URL the
 * service hands out (the e-mail link, provider URLs, the OAuth `redirect_uri`, redirects) is on
 * its origin; and a redirect proxy forwards a victim's code only to the origins it trusts.
 * The real SMTP server and OpenID provider of `@auth/dev-servers` take part.
 */
import { MemoryAdapter } from "@auth/core/memory-adapter"
import type { OIDCConfig } from "@auth/core/providers"
import {
  CookieJar,
  type Idp,
  startIdentityProvider,
  startSmtpServer,
  type TestSmtpServer,
} from "@auth/dev-servers"
import { HttpClient, parseSetCookie } from "@auth/integration-test"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { ExpressAuth, type ExpressAuthConfig, getSession } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import Nodemailer from "../src/providers/nodemailer.js"
import { EXPRESS_VERSIONS, type ExpressFactory, listen } from "./app.js"
import { PASSWORD, SECRET, testConfig, USER } from "./support.js"

const APP = "https://app.example"
const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" }

let smtp: TestSmtpServer
let idp: Idp
const running: Array<{ close(): Promise<void> }> = []
/** Each test mails its own address, so messages never mix. */
let addresses = 0

beforeAll(async () => {
  ;[smtp, idp] = await Promise.all([startSmtpServer(), startIdentityProvider()])
})

afterAll(async () => {
  await Promise.all([smtp?.close(), idp?.close()])
})

afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(running.splice(0).map((server) => server.close()))
})

/** The local OpenID provider as an `oidc` provider of the app. */
function idpProvider(): OIDCConfig<Record<string, unknown>> {
  const { clientId, clientSecret } = idp.clients.client_secret_basic
  return { id: "idp", name: "IdP", type: "oidc", issuer: idp.issuer, clientId, clientSecret }
}

/** Serves `ExpressAuth(config)` at `/auth` and `getSession` at `/me`; returns a client. */
async function serveAuth(
  createApp: ExpressFactory,
  config: ExpressAuthConfig,
  trustProxy = false,
): Promise<HttpClient> {
  const app = createApp()
  if (trustProxy) app.set("trust proxy", "loopback")
  const server = await listen(app)
  running.push(server)
  app.use("/auth", ExpressAuth(config))
  app.get("/me", async (req, res, next) => {
    try {
      res.json(await getSession(req, config))
    } catch (error) {
      next(error)
    }
  })
  return new HttpClient(server.baseUrl, "/auth")
}

/** Sends a raw request to an action with `Host: evil.example`, carrying and keeping cookies. */
async function fromEvilHost(
  client: HttpClient,
  action: string,
  options: { method?: string; body?: URLSearchParams } = {},
) {
  const headers: Record<string, string> = { host: "evil.example" }
  const cookie = client.jar.header()
  if (cookie) headers.cookie = cookie
  if (options.body) headers["content-type"] = "application/x-www-form-urlencoded"
  const response = await client.raw({
    method: options.method,
    path: `/auth${action}`,
    headers,
    body: options.body?.toString(),
  })
  for (const header of [response.headers["set-cookie"] ?? []].flat()) {
    const { name, value } = parseSetCookie(header)
    client.jar.set(name, value)
  }
  return response
}

describe.each(EXPRESS_VERSIONS)("%s with AUTH_URL set", (_, createApp) => {
  function appConfig() {
    vi.stubEnv("AUTH_URL", `${APP}/auth`)
    return testConfig({
      trustHost: undefined,
      adapter: MemoryAdapter(),
      providers: [
        Nodemailer({ server: smtp.url, from: "App <auth@app.example>" }),
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ username, password }) =>
            username === "ada" && password === PASSWORD ? USER : null,
        }),
        idpProvider(),
      ],
      session: { strategy: "jwt" },
    }).config
  }

  async function linkIn(email: string): Promise<URL> {
    const message = await smtp.waitForMessage((candidate) => candidate.to.includes(email))
    const match = /https?:\/\/\S+/.exec(message.text)
    return new URL(match?.[0] ?? "")
  }

  it("Host: evil.example gets a magic link on AUTH_URL's origin", async () => {
    const client = await serveAuth(createApp, appConfig())
    const csrf = await fromEvilHost(client, "/csrf")
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string }
    const email = `host-${++addresses}@app.example`

    const response = await fromEvilHost(client, "/signin/nodemailer", {
      method: "POST",
      body: new URLSearchParams({ csrfToken, email }),
    })

    expect(response.status).toBe(302)
    expect(response.headers.location).toBe(
      `${APP}/auth/verify-request?provider=nodemailer&type=email`,
    )
    const link = await linkIn(email)
    expect(`${link.origin}${link.pathname}`).toBe(`${APP}/auth/callback/nodemailer`)
    const providers = JSON.parse((await fromEvilHost(client, "/providers")).body)
    expect(providers.idp.callbackUrl).toBe(`${APP}/auth/callback/idp`)
  })

  it("X-Forwarded-Host from a trusted proxy moves no link either", async () => {
    const client = await serveAuth(createApp, appConfig(), true)
    const csrf = await client.action("/csrf", { headers: FORGED })
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const email = `forwarded-${++addresses}@app.example`

    const response = await client.postForm("/signin/nodemailer", { csrfToken, email }, FORGED)

    expect(response.headers.get("location")).toBe(
      `${APP}/auth/verify-request?provider=nodemailer&type=email`,
    )
    expect((await linkIn(email)).origin).toBe(APP)
    const providers = await (await client.action("/providers", { headers: FORGED })).json()
    expect(providers.nodemailer.signinUrl).toBe(`${APP}/auth/signin/nodemailer`)
  })

  it("the OAuth redirect_uri is AUTH_URL's, and the provider accepts it", async () => {
    idp.setRedirectUris([`${APP}/auth/callback/idp`])
    const client = await serveAuth(createApp, appConfig(), true)
    const csrfToken = await client.csrfToken()

    const response = await client.postForm("/signin/idp", { csrfToken }, FORGED)

    const authorizationUrl = new URL(response.headers.get("location") ?? "")
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${APP}/auth/callback/idp`)
    const authorization = await idp.login(new CookieJar(), authorizationUrl, "alice")
    expect(authorization.url.origin).toBe(APP)
  })

  it("signs in on AUTH_URL's origin, and getSession reads the same cookies", async () => {
    const client = await serveAuth(createApp, appConfig(), true)
    const csrfToken = await client.csrfToken()

    const response = await client.postForm(
      "/callback/credentials",
      { username: "ada", password: PASSWORD, csrfToken, callbackUrl: "/dashboard" },
      FORGED,
    )

    expect(response.headers.get("location")).toBe(`${APP}/dashboard`)
    expect(client.jar.has("__Secure-authjs.session-token")).toBe(true)
    expect(await (await client.fetch("/me", { headers: FORGED })).json()).toMatchObject({
      user: { email: USER.email },
    })
  })
})

describe.each(EXPRESS_VERSIONS)("%s as a redirect proxy", (_, createApp) => {
  /** A proxy and a preview deployment (behind a trusted proxy), both on 127.0.0.1. */
  async function deployments(allowPreview: boolean) {
    const proxy = createApp()
    const preview = createApp()
    preview.set("trust proxy", "loopback")
    const [proxyServer, previewServer] = await Promise.all([listen(proxy), listen(preview)])
    running.push(proxyServer, previewServer)
    const shared = { secret: SECRET, trustHost: true, providers: [idpProvider()] }
    const redirectProxyUrl = `${proxyServer.baseUrl}/auth`
    // The proxy's refusals are expected: recorded for the assertions, not printed.
    const proxyErrors: Error[] = []
    proxy.use(
      "/auth",
      ExpressAuth({
        ...shared,
        redirectProxyUrl,
        redirectProxyAllowedOrigins: allowPreview ? [previewServer.baseUrl] : [],
        logger: { error: (error: Error) => void proxyErrors.push(error) },
      }),
    )
    preview.use("/auth", ExpressAuth({ ...shared, redirectProxyUrl }))
    idp.setRedirectUris([`${redirectProxyUrl}/callback/idp`])
    return {
      proxy: new HttpClient(proxyServer.baseUrl, "/auth"),
      preview: new HttpClient(previewServer.baseUrl, "/auth"),
      proxyErrors,
    }
  }

  /** Starts a sign-in on the preview and lets the victim sign in at the provider. */
  async function authorizeThroughPreview(preview: HttpClient, headers?: Record<string, string>) {
    const csrf = await preview.action("/csrf", { headers })
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const signIn = await preview.postForm("/signin/idp", { csrfToken }, headers)
    return idp.login(new CookieJar(), signIn.headers.get("location") ?? "", "victim")
  }

  it("forwards a preview's sign-in back to the preview", async () => {
    const { proxy, preview } = await deployments(true)
    const authorization = await authorizeThroughPreview(preview)

    const forwarded = await proxy.fetch(`${authorization.url.pathname}${authorization.url.search}`)

    const target = new URL(forwarded.headers.get("location") ?? "")
    expect(target.origin).toBe(preview.baseUrl)
    const callback = await preview.fetch(`${target.pathname}${target.search}`)
    expect(callback.headers.get("location")).toBe(preview.baseUrl)
    expect(await preview.session()).toMatchObject({ user: { email: "victim@example.test" } })
  })

  it("never forwards a victim's code to the origin an attacker's forwarded host named", async () => {
    const { proxy, preview, proxyErrors } = await deployments(true)
    const authorization = await authorizeThroughPreview(preview, {
      "x-forwarded-host": "attacker.example",
    })
    const code = authorization.params.get("code") ?? ""

    const response = await proxy.fetch(`${authorization.url.pathname}${authorization.url.search}`)

    expect(response.status).toBe(302)
    const location = response.headers.get("location") ?? ""
    expect(location).toBe(`${proxy.baseUrl}/auth/error?error=Configuration`)
    expect(location).not.toContain(code)
    expect(proxyErrors.map((error) => error.message)).toEqual([
      expect.stringContaining("does not forward to http://attacker.example"),
    ])
  })

  it("forwards nowhere until the preview's origin is allowed", async () => {
    const { proxy, preview, proxyErrors } = await deployments(false)
    const authorization = await authorizeThroughPreview(preview)

    const response = await proxy.fetch(`${authorization.url.pathname}${authorization.url.search}`)

    expect(response.headers.get("location")).toBe(`${proxy.baseUrl}/auth/error?error=Configuration`)
    expect(proxyErrors.map((error) => error.name)).toEqual(["InvalidCheck"])
  })
})
