/**
 * Every sign-in method through the balancer with database sessions, each flow finishing on
 * another instance than the one that started it (`x-served-by`), and the session it makes read
 * the same on every instance; a sign-out or a revocation on one instance ends the session on
 * every instance at once; a credentials lockout is counted once across the instances.
 */
import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Cluster, missingPrerequisite, startCluster } from "../src/cluster.js"
import {
  browserHolding,
  DEMO,
  everywhere,
  FlowBrowser,
  locationOf,
  passBalancerBeyond,
  type Served,
} from "../src/flow-client.js"
import { createPasskeyAuthenticator, passkeyCeremony } from "../src/flow-passkey.js"
import type { Instance } from "../src/instance.js"

const missing = missingPrerequisite()
if (missing && process.env.CI) throw new Error(`CI runs the cluster tests: ${missing}.`)

describe.skipIf(missing !== undefined)("sign-in flows across instances, database sessions", () => {
  let cluster: Cluster
  let callbackUrl: string
  beforeAll(async () => {
    cluster = await startCluster({ name: "scale_flows" })
    callbackUrl = `${cluster.url}/protected`
  })
  afterAll(async () => {
    await cluster?.close()
  })

  /** The balancer, its round robin moved past `servedBy`: the next request lands elsewhere. */
  const elsewhereThan = async (servedBy: string) => {
    await passBalancerBeyond(cluster, servedBy)
    return "balancer" as const
  }

  /** The session reads the same (user and expiry) on every instance and through the balancer. */
  const expectSameSessionEverywhere = async (browser: FlowBrowser, email: string) => {
    const reads = await browser.sessionEverywhere()
    expect(reads.s1).toMatchObject({ user: { email } })
    expect(reads).toEqual(everywhere(cluster, reads.s1))
  }

  it("credentials: the CSRF token from one instance signs in on another", async () => {
    const browser = new FlowBrowser(cluster)
    const csrf = await browser.csrfToken()
    const signIn = await browser.postForm(
      await elsewhereThan(csrf.servedBy),
      "/callback/credentials",
      {
        ...DEMO,
        csrfToken: csrf.token,
        callbackUrl,
      },
    )
    expect(signIn.servedBy).not.toBe(csrf.servedBy)
    expect(locationOf(signIn, cluster.url).href).toBe(callbackUrl)
    await expectSameSessionEverywhere(browser, DEMO.email)
  })

  it("Playground ID: the sign-in POST on one instance, the callback on another", async () => {
    const browser = new FlowBrowser(cluster)
    const { token } = await browser.csrfToken()
    const start = await browser.postForm("balancer", "/signin/playground-id", {
      csrfToken: token,
      callbackUrl,
    })
    const authorizationUrl = locationOf(start, cluster.url)
    expect(authorizationUrl.origin).toBe(cluster.idp.issuer)
    // The provider sends the browser back to AUTH_URL, the balancer, with the code.
    const authorization = await cluster.idp.login(new CookieJar(), authorizationUrl, "ada")
    expect(authorization.url.origin).toBe(cluster.url)
    await elsewhereThan(start.servedBy)
    const callback = await browser.fetchUrl(authorization.url)
    expect(callback.servedBy).not.toBe(start.servedBy)
    expect(locationOf(callback, cluster.url).href).toBe(callbackUrl)
    await expectSameSessionEverywhere(browser, cluster.idp.claimsFor("ada").email)
  })

  it("e-mail: the link requested on one instance is clicked on another", async () => {
    const email = "bea@example.test"
    const browser = new FlowBrowser(cluster)
    const { token } = await browser.csrfToken()
    const request = await browser.postForm("balancer", "/signin/nodemailer", {
      csrfToken: token,
      email,
      callbackUrl,
    })
    expect(locationOf(request, cluster.url).pathname).toBe("/auth/verify-request")
    const message = await cluster.smtp.waitForMessage((sent) => sent.to.includes(email))
    const link = new URL(
      /http:\/\/\S+\/auth\/callback\/nodemailer\?\S+/.exec(message.text)?.[0] ?? "",
    )
    expect(link.origin).toBe(cluster.url)
    await elsewhereThan(request.servedBy)
    const click = await browser.fetchUrl(link)
    expect(click.servedBy).not.toBe(request.servedBy)
    expect(locationOf(click, cluster.url).href).toBe(callbackUrl)
    await expectSameSessionEverywhere(browser, email)
  })

  it("passkeys: options from one instance, registration and sign-in verified on others", async () => {
    const email = "pat@example.test"
    const authenticator = createPasskeyAuthenticator()
    const steps = { from: "balancer" as const, to: elsewhereThan, callbackUrl }

    const registering = new FlowBrowser(cluster)
    const registration = await passkeyCeremony(registering, authenticator, steps, email)
    expect(registration.action).toBe("register")
    expectFinishedElsewhere(registration.options, registration.callback, callbackUrl)
    await expectSameSessionEverywhere(registering, email)

    // Another browser, no e-mail typed: any passkey of the site (a discoverable credential).
    const signingIn = new FlowBrowser(cluster)
    const authentication = await passkeyCeremony(signingIn, authenticator, steps)
    expect(authentication.action).toBe("authenticate")
    expectFinishedElsewhere(authentication.options, authentication.callback, callbackUrl)
    await expectSameSessionEverywhere(signingIn, email)
  })

  it("signing out on one instance deletes the session: every instance answers null", async () => {
    const browser = new FlowBrowser(cluster)
    await browser.signInWithCredentials("balancer")
    const token = browser.sessionToken() ?? ""
    await expectSameSessionEverywhere(browser, DEMO.email)

    const csrf = await browser.csrfToken()
    const signOut = await browser.postForm(await elsewhereThan(csrf.servedBy), "/signout", {
      csrfToken: csrf.token,
    })
    expect(signOut.servedBy).not.toBe(csrf.servedBy)
    expect(signOut.response.status).toBe(302)
    expect(browser.sessionToken()).toBeUndefined()
    const rows = await cluster.db.query(
      `SELECT 1 FROM "${cluster.schema}".sessions WHERE "sessionToken" = $1`,
      [token],
    )
    expect(rows.rowCount).toBe(0)
    // A copy of the cookie, kept from before the sign-out, is no session anywhere.
    expect(await browserHolding(cluster, token).sessionEverywhere()).toEqual(
      everywhere(cluster, null),
    )
  })

  it("revoking a session on one instance ends it on every instance at once", async () => {
    const [s1, s2, s3] = cluster.instances as [Instance, Instance, Instance]
    const phone = new FlowBrowser(cluster)
    const laptop = new FlowBrowser(cluster)
    await phone.signInWithCredentials(s1)
    await laptop.signInWithCredentials(s2)
    await expectSameSessionEverywhere(laptop, DEMO.email)

    // The laptop's id, as the laptop's own list shows it (on s3); the phone revokes it on s1.
    const laptopId = await laptop.currentSessionId(s3)
    const { token } = await phone.csrfToken(s1)
    const revoke = await phone.postForm(s1, "/sessions/revoke", {
      csrfToken: token,
      sessionId: laptopId,
    })
    expect(revoke.response.status).toBe(200)
    expect(await revoke.response.json()).toEqual({ revoked: 1 })

    expect(await laptop.sessionEverywhere()).toEqual(everywhere(cluster, null))
    await expectSameSessionEverywhere(phone, DEMO.email)
  })

  it("counts a credentials lockout once across the instances: the 6th attempt is refused everywhere", async () => {
    // Another client (HAProxy appends the peer; 127.0.0.1 is a trusted proxy), and an
    // identifier no user has: limited exactly like one that exists (docs/rate-limits.md).
    const attacker = new FlowBrowser(cluster, { headers: { "x-forwarded-for": "198.51.100.7" } })
    const target = { email: "nobody@example.test", password: "guess" }
    const { token } = await attacker.csrfToken()
    const attempt = (to: Parameters<FlowBrowser["postForm"]>[0]) =>
      attacker.postForm(to, "/callback/credentials", { ...target, csrfToken: token })

    const failures: Served[] = []
    for (let count = 0; count < 5; count++) failures.push(await attempt("balancer"))
    for (const failure of failures) {
      expect(locationOf(failure, cluster.url).searchParams.get("error")).toBe("CredentialsSignin")
    }
    // Round robin spread them (2, 2 and 1 with every instance up): no instance saw five, yet
    // the lockout after five failures in a row holds at the sixth.
    const seen: Record<string, number> = {}
    for (const { servedBy } of failures) seen[servedBy] = (seen[servedBy] ?? 0) + 1
    expect(Object.keys(seen).length).toBeGreaterThan(1)
    expect(Math.max(...Object.values(seen))).toBeLessThan(5)
    const sixth = await attempt("balancer")
    expect(locationOf(sixth, cluster.url).searchParams.get("error")).toBe("RateLimited")
    for (const instance of cluster.instances) {
      const refused = await attacker.postForm(
        instance,
        "/callback/credentials",
        { ...target, csrfToken: token },
        { accept: "application/json" },
      )
      expect(refused.response.status).toBe(429)
      expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await refused.response.json()).toMatchObject({ error: "RateLimited" })
    }
    // The lockout is the identifier's: another one from the same client is only wrong.
    const other = await attacker.postForm("balancer", "/callback/credentials", {
      email: "somebody@example.test",
      password: "guess",
      csrfToken: token,
    })
    expect(locationOf(other, cluster.url).searchParams.get("error")).toBe("CredentialsSignin")
  })
})

/** The finishing step landed on another instance and redirected to `callbackUrl`. */
function expectFinishedElsewhere(start: Served, finish: Served, callbackUrl: string): void {
  expect(finish.servedBy).not.toBe(start.servedBy)
  expect(finish.response.headers.get("location")).toBe(callbackUrl)
}
