/**
 * A poisoned `Host` with `AUTH_URL` set: every URL the service hands out (e-mail links,
 * redirects, provider URLs, the OAuth `redirect_uri`) stays on `AUTH_URL`'s origin, through
 * `Auth()` with the config `setEnvDefaults` completed, as every integration builds it.
 */
import { CookieJar, startSmtpServer, type TestSmtpServer } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createActionURL, setEnvDefaults } from "../src/index.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import Nodemailer from "../src/providers/nodemailer.js"
import { getSession } from "../src/session.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET } from "./support/client.js"
import { linkInMessage, requestLink } from "./support/email.js"
import { type Idp, startIdentityProvider } from "./support/idp.js"

const APP = "https://app.example"
const EVIL = "http://evil.example"
const ENV = { AUTH_URL: `${APP}/auth`, AUTH_SECRET: SECRET, NODE_ENV: "production" }

let smtp: TestSmtpServer
let idp: Idp

beforeAll(async () => {
  ;[smtp, idp] = await Promise.all([
    startSmtpServer(),
    startIdentityProvider({ redirectUris: [`${APP}/auth/callback/idp`] }),
  ])
})

afterAll(async () => {
  await Promise.all([smtp?.close(), idp?.close()])
})

/** The config an integration hands to `Auth()`: the app's, completed from the environment. */
function appConfig(env: Record<string, string> = ENV) {
  const log = recordingLogger()
  const config: AuthConfig = {
    adapter: MemoryAdapter(),
    logger: log.logger,
    providers: [
      Nodemailer({ server: smtp.url, from: "App <auth@app.example>" }),
      Credentials({ authorize: () => DEMO_USER }),
      idp.oidcProvider(),
    ],
    session: { strategy: "jwt" },
  }
  setEnvDefaults(env, config)
  return { config, log }
}

describe("with AUTH_URL set, a request whose Host is evil.example", () => {
  it("gets an e-mail whose link is on AUTH_URL's origin", async () => {
    const { config, log } = appConfig()
    const attacker = new AuthClient(config, EVIL)
    const email = "victim@app.example"

    const response = await requestLink(attacker, email)

    expect(log.errors).toEqual([])
    expect(response.headers.get("location")).toBe(
      `${APP}/auth/verify-request?provider=nodemailer&type=email`,
    )
    const message = await smtp.waitForMessage((candidate) => candidate.to.includes(email))
    const link = new URL(linkInMessage(message))
    expect(`${link.origin}${link.pathname}`).toBe(`${APP}/auth/callback/nodemailer`)
    expect(link.searchParams.get("callbackUrl")).toBe(APP)
    expect(message.subject).toBe("Sign in to app.example")
    expect(message.text).not.toContain("evil.example")
  })

  it("sees provider URLs on AUTH_URL's origin, as createActionURL builds them", async () => {
    const { config } = appConfig()
    const response = await new AuthClient(config, EVIL).get("/providers")
    const providers = (await response.json()) as Record<string, Record<string, string>>

    expect(providers.nodemailer).toMatchObject({
      signinUrl: `${APP}/auth/signin/nodemailer`,
      callbackUrl: `${APP}/auth/callback/nodemailer`,
    })
    const headers = new Headers({ host: "evil.example", "x-forwarded-host": "evil.example" })
    expect(createActionURL("signin", "http", headers, ENV, config).href).toBe(`${APP}/auth/signin`)
  })

  it("sends the provider AUTH_URL's redirect_uri, which the provider accepts", async () => {
    const { config, log } = appConfig()
    const attacker = new AuthClient(config, EVIL)
    const csrfToken = await attacker.csrfToken()

    const response = await attacker.postForm("/signin/idp", { csrfToken })

    const authorizationUrl = new URL(response.headers.get("location") ?? "")
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${APP}/auth/callback/idp`)
    const authorization = await idp.login(new CookieJar(), authorizationUrl, "alice")
    expect(authorization.url.origin).toBe(APP)
    const callback = await attacker.get(authorization.url.href)
    expect(log.errors).toEqual([])
    expect(callback.headers.get("location")).toBe(APP)
  })

  it("is redirected, and given cookies, as AUTH_URL's https origin", async () => {
    const { config } = appConfig()
    const client = new AuthClient(config, EVIL)
    const csrfToken = await client.csrfToken()
    expect(client.jar.has("__Host-authjs.csrf-token")).toBe(true)

    const signIn = await client.postForm("/callback/credentials", {
      csrfToken,
      callbackUrl: "/dashboard",
    })
    const failure = await client.postForm("/signout", { csrfToken: "wrong" })

    expect(signIn.headers.get("location")).toBe(`${APP}/dashboard`)
    expect(failure.headers.get("location")).toBe(`${APP}/auth/signin?error=MissingCSRF`)
    const cookie = client.cookieHeader()
    const session = await getSession(
      new Request(`${EVIL}/dashboard`, { headers: { cookie } }),
      config,
    )
    expect(session?.user?.email).toBe(DEMO_USER.email)
  })
})

describe("the app's URL", () => {
  it("needs no trustHost: the Host decides nothing", async () => {
    const config: AuthConfig = {
      secret: SECRET,
      url: `${APP}/auth`,
      providers: [Credentials({ authorize: () => DEMO_USER })],
    }
    const response = await new AuthClient(config, EVIL).get("/providers")
    expect(response.status).toBe(200)
    const providers = (await response.json()) as Record<string, Record<string, string>>
    expect(providers.credentials?.signinUrl).toBe(`${APP}/auth/signin/credentials`)
  })

  it("is a configuration error when AUTH_URL is not an absolute http(s) URL", async () => {
    const { config, log } = appConfig({ ...ENV, AUTH_URL: "app.example/auth" })
    const response = await new AuthClient(config).get("/session")
    expect(response.status).toBe(500)
    expect(log.errors[0]?.message).toContain('"app.example/auth"')
  })
})
