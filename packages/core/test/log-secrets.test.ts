/**
 * With `debug: true`, every log line of full flows (OAuth against a real OpenID provider,
 * e-mail links, credentials, session reads and updates, sign-out, broken and expired tokens) is
 * captured, from a custom logger and from the built-in console logger, and searched for every
 * secret the flows handled: the config secret, raw database session tokens, JWT session
 * cookies, CSRF tokens, e-mail link tokens and their stored hashes, passwords, the OAuth
 * authorization code, state, PKCE verifier, client secret, and access, refresh and ID tokens.
 * Auth.js logs raw session tokens and OAuth tokens (adapter arguments) at debug level.
 */
import { CookieJar } from "@auth/dev-servers"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { Adapter, VerificationToken } from "../src/adapters.js"
import { encode } from "../src/jwt.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import type { Account, AuthConfig, LoggerInstance } from "../src/types.js"
import { callbackUrl, deliver, locationOf } from "./oauth/flow.js"
import { recordAdapter } from "./support/backend.js"
import { AuthClient, SECRET } from "./support/client.js"
import { capturingEmailProvider } from "./support/email.js"
import { type Idp, startIdentityProvider } from "./support/idp.js"
import { captureLogs, describe as describeLogged } from "./support/log-capture.js"

const PASSWORD = "correct-horse-battery-staple-42"

let idp: Idp

beforeAll(async () => {
  idp = await startIdentityProvider()
  idp.setRedirectUris([callbackUrl("idp")])
})

afterAll(async () => {
  await idp?.close()
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Every secret a flow handled; the logs must contain none of them. */
class Secrets {
  readonly values = new Set<string>([SECRET, PASSWORD])

  add(...values: unknown[]): void {
    for (const value of values) {
      if (typeof value === "string" && value.length >= 8) this.values.add(value)
    }
  }

  /** Every cookie value the client holds (session tokens, CSRF tokens, check cookies). */
  addCookies(client: AuthClient): void {
    for (const [name, value] of client.jar) {
      if (!name.includes("callback-url")) this.add(value, ...value.split("|"))
    }
  }

  expectAbsentFrom(text: string): void {
    for (const value of this.values) {
      expect(text.includes(value), `a secret (${value.slice(0, 6)}…) was logged`).toBe(false)
    }
  }
}

function databaseConfig(logger: LoggerInstance | undefined, secrets: Secrets) {
  const { provider: email, sent } = capturingEmailProvider()
  const recorded = recordAdapter(MemoryAdapter() as Adapter)
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    debug: true,
    ...(logger ? { logger } : {}),
    adapter: recorded.adapter,
    session: { strategy: "database" },
    providers: [
      { ...idp.oidcProvider("client_secret_post"), id: "idp", checks: ["pkce", "state", "nonce"] },
      email,
      Credentials({
        credentials: { email: {}, password: { type: "password" } },
        authorize: (fields) =>
          fields.password === PASSWORD ? { email: String(fields.email), name: "Cred" } : null,
      }),
    ],
    events: {
      linkAccount: ({ account }: { account: Account }) =>
        secrets.add(account.access_token, account.refresh_token, account.id_token),
    },
  }
  return { config, sent, recorded }
}

/** OAuth, e-mail and credentials sign-ins with database sessions, reads, an update, sign-outs. */
async function runDatabaseFlows(logger: LoggerInstance | undefined, secrets: Secrets) {
  const { config, sent, recorded } = databaseConfig(logger, secrets)
  secrets.add(idp.clients.client_secret_post.clientSecret)

  const oauth = new AuthClient(config)
  const csrfToken = await oauth.csrfToken()
  const signIn = await oauth.postForm("/signin/idp", { csrfToken })
  const authorizationUrl = locationOf(signIn)
  secrets.add(
    authorizationUrl.searchParams.get("state"),
    authorizationUrl.searchParams.get("nonce"),
  )
  secrets.addCookies(oauth)
  const authorization = await idp.login(new CookieJar(), authorizationUrl, "alice")
  secrets.add(authorization.params.get("code"), authorization.params.get("state"))
  const callback = await deliver(oauth, authorization)
  expect(callback.status).toBe(302)
  secrets.addCookies(oauth)
  expect(await oauth.session()).toMatchObject({ user: { email: "alice@example.test" } })
  await oauth.postJson("/session", { csrfToken: await oauth.csrfToken(), data: { x: 1 } })

  const mail = new AuthClient(config)
  const address = "mail-user@example.test"
  await mail.postForm("/signin/email", { csrfToken: await mail.csrfToken(), email: address })
  const link = new URL(sent.at(-1)!.url)
  const [stored] = recorded.argsOf("createVerificationToken").at(-1) as [VerificationToken]
  secrets.add(link.searchParams.get("token"), stored.token)
  await mail.get(link.href)
  secrets.addCookies(mail)
  expect(await mail.session()).toMatchObject({ user: { email: address } })
  await mail.get(link.href) // reused: Verification, logged

  const credentials = new AuthClient(config)
  await credentials.signInWithCredentials({ email: "cred@example.test", password: PASSWORD })
  await credentials.signInWithCredentials({ email: "cred@example.test", password: `${PASSWORD}!` })
  secrets.addCookies(credentials)

  for (const client of [oauth, mail, credentials]) {
    secrets.addCookies(client)
    await client.postForm("/signout", { csrfToken: await client.csrfToken() })
  }
  const stale = new AuthClient(config)
  stale.jar.set("authjs.session-token", "stale-session-token-value")
  secrets.add("stale-session-token-value")
  await stale.session()
}

/** JWT sessions holding an access token, an expired one, a tampered one at sign-out. */
async function runJwtFlows(logger: LoggerInstance | undefined, secrets: Secrets) {
  const accessToken = "app-stored-access-token-0123456789"
  secrets.add(accessToken)
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    debug: true,
    ...(logger ? { logger } : {}),
    providers: [
      Credentials({
        credentials: { password: { type: "password" } },
        authorize: (fields) => (fields.password === PASSWORD ? { id: "1", name: "Jay" } : null),
      }),
    ],
    callbacks: { jwt: ({ token }) => ({ ...token, accessToken }) },
  }
  const client = new AuthClient(config)
  await client.signInWithCredentials({ password: PASSWORD })
  secrets.addCookies(client)
  expect(await client.session()).toMatchObject({ user: { name: "Jay" } })

  const expired = await encode({
    token: { sub: "1", accessToken },
    secret: SECRET,
    salt: "authjs.session-token",
    maxAge: -3600,
  })
  secrets.add(expired)
  const reader = new AuthClient(config)
  reader.jar.set("authjs.session-token", expired)
  expect(await reader.session()).toBeNull()

  const tampered = `${expired.slice(0, -6)}AAAAAA`
  secrets.add(tampered)
  reader.jar.set("authjs.session-token", tampered)
  await reader.postForm("/signout", { csrfToken: await reader.csrfToken() })
  secrets.addCookies(reader)
}

describe("debug logging never carries a token, a secret or a code", () => {
  it("through a custom logger, at every level", async () => {
    const logs = captureLogs()
    const secrets = new Secrets()
    await runDatabaseFlows(logs.logger, secrets)
    await runJwtFlows(logs.logger, secrets)
    const text = logs.text()
    expect(text).toContain("debug adapter_createSession")
    expect(text).toContain("debug adapter_getSessionAndUser")
    expect(text).toContain("debug adapter_linkAccount")
    expect(text).toContain("error JWTSessionError")
    expect(text).toContain("error SignOutError")
    expect(secrets.values.size).toBeGreaterThan(15)
    secrets.expectAbsentFrom(text)
  })

  it("through the built-in console logger", async () => {
    const printed: string[] = []
    for (const method of ["log", "error", "warn", "info", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map((arg) => describeLogged(arg)).join(" "))
      })
    }
    const secrets = new Secrets()
    await runDatabaseFlows(undefined, secrets)
    await runJwtFlows(undefined, secrets)
    const text = printed.join("\n")
    expect(text).toContain("adapter_createSession")
    secrets.expectAbsentFrom(text)
  })
})
