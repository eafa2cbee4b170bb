/**
 * JWT sessions across instances: a sign-in finished on another instance reads on every one, a
 * revocation on one instance is refused by every instance on its next read, and a new
 * `AUTH_SECRET` rolled through the instances one by one, in two steps, signs nobody out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Cluster, FIRST_SECRET, missingPrerequisite, startCluster } from "../src/cluster.js"
import {
  browserHolding,
  DEMO,
  everywhere,
  FlowBrowser,
  passBalancerBeyond,
  type Target,
} from "../src/flow-client.js"
import { resealSession, rollInstance, sealingSecretOf } from "../src/flow-rotation.js"
import type { Instance } from "../src/instance.js"
import { scaled } from "../src/waits.js"

/** Three restarts, each bounded by the instance's own start wait. */
const ROLL_TIMEOUT = { timeout: scaled(180_000) }

const missing = missingPrerequisite()
if (missing && process.env.CI) throw new Error(`CI runs the cluster tests: ${missing}.`)

/** The secret rolled in; every instance starts with `FIRST_SECRET` as `AUTH_SECRET`. */
const NEW_SECRET = "scale-test-secret-two-fedcba9876543210"
const SECRETS = { old: FIRST_SECRET, new: NEW_SECRET }

/**
 * The roll, as core reads the secrets (`AUTH_SECRET_3`, `_2`, `_1`, then `AUTH_SECRET`: the
 * first one set seals new tokens, every one opens them). An empty value unsets a variable.
 */
const ROLL = {
  /** Step 1: every instance learns the new secret, still sealing with the old one. */
  learn: { AUTH_SECRET_1: FIRST_SECRET, AUTH_SECRET: NEW_SECRET },
  /** Step 2: every instance seals with the new secret, still opening the old one's tokens. */
  seal: { AUTH_SECRET_1: NEW_SECRET, AUTH_SECRET: FIRST_SECRET },
  /** Step 3, once every token sealed with the old secret has expired: it goes. */
  drop: { AUTH_SECRET_1: "", AUTH_SECRET: NEW_SECRET },
}

describe.skipIf(missing !== undefined)("JWT sessions across instances", () => {
  let cluster: Cluster
  let instances: Instance[]
  beforeAll(async () => {
    cluster = await startCluster({ name: "scale_jwt", strategy: "jwt" })
    instances = [...cluster.instances]
  })
  afterAll(async () => {
    await cluster?.close()
  })

  /** A browser holding `token` as its session cookie. */
  const holding = (token: string) => browserHolding(cluster, token)

  it("reads a session signed in across two instances on every instance", async () => {
    const browser = new FlowBrowser(cluster)
    const csrf = await browser.csrfToken()
    await passBalancerBeyond(cluster, csrf.servedBy)
    const signIn = await browser.postForm("balancer", "/callback/credentials", {
      ...DEMO,
      csrfToken: csrf.token,
    })
    expect(signIn.servedBy).not.toBe(csrf.servedBy)
    expect(await sealingSecretOf(browser.sessionToken() ?? "", SECRETS)).toBe("old")
    expect(await browser.emailEverywhere()).toEqual(everywhere(cluster, DEMO.email))
  })

  it("refuses a session revoked on one instance on every instance's next read", async () => {
    const [s1, s2, s3] = instances as [Instance, Instance, Instance]
    const phone = new FlowBrowser(cluster)
    const laptop = new FlowBrowser(cluster)
    const tablet = new FlowBrowser(cluster)
    for (const browser of [phone, laptop, tablet]) await browser.signInWithCredentials("balancer")
    // Every instance has read (and cached) the laptop's and the tablet's tokens.
    expect(await laptop.emailEverywhere()).toEqual(everywhere(cluster, DEMO.email))
    expect(await tablet.emailEverywhere()).toEqual(everywhere(cluster, DEMO.email))

    const laptopId = await laptop.currentSessionId(s3)
    const revoke = async (on: Target, fields: Record<string, string>) => {
      const { token } = await phone.csrfToken(on)
      const served = await phone.postForm(on, "/sessions/revoke", { ...fields, csrfToken: token })
      expect(served.response.status).toBe(200)
      return served.response.json()
    }
    expect(await revoke(s1, { sessionId: laptopId })).toEqual({ revoked: 1 })
    expect(await laptop.emailEverywhere()).toEqual(everywhere(cluster, null))
    expect(await tablet.emailEverywhere()).toEqual(everywhere(cluster, DEMO.email))

    // "Sign out everywhere else" on another instance: the tablet and the earlier sessions go.
    const { revoked } = (await revoke(s2, { scope: "others" })) as { revoked: number }
    expect(revoked).toBeGreaterThanOrEqual(1)
    expect(await tablet.emailEverywhere()).toEqual(everywhere(cluster, null))
    expect(await phone.emailEverywhere()).toEqual(everywhere(cluster, DEMO.email))
  })

  describe("rolling a new AUTH_SECRET through the instances, one by one", () => {
    /** Session tokens as they were issued, by when and where: each must read everywhere. */
    const issued: Array<{ label: string; token: string }> = []

    /** Signs in (CSRF token from `from`, credentials to `to`) and keeps the token as issued. */
    const signIn = async (label: string, from: Target, to: Target = from) => {
      const browser = new FlowBrowser(cluster)
      await browser.signInWithCredentials(from, to)
      const token = browser.sessionToken() ?? ""
      issued.push({ label, token })
      return sealingSecretOf(token, SECRETS)
    }

    /** Every session issued so far reads as the demo user on every instance and the balancer. */
    const expectEverySessionEverywhere = async (tokens = issued) => {
      const reads: Record<string, unknown> = {}
      const expected: Record<string, unknown> = {}
      for (const { label, token } of tokens) {
        reads[label] = await holding(token).emailEverywhere()
        expected[label] = everywhere(cluster, DEMO.email)
      }
      expect(reads).toEqual(expected)
    }

    /** Rolls every instance in turn to `env`; after each, `check` gets it and the ones to come. */
    const rollEach = async (
      env: Record<string, string>,
      check: (rolled: Instance, waiting: Instance[]) => Promise<void>,
    ) => {
      for (const [index, instance] of instances.entries()) {
        await rollInstance(cluster, instance, env)
        await check(instance, instances.slice(index + 1))
      }
    }

    it(
      "step 1: every instance learns the new secret while all still seal with the old one",
      ROLL_TIMEOUT,
      async () => {
        expect(await signIn("before the roll", "balancer")).toBe("old")
        // The same session sealed with the new secret alone, as an instance that skipped step 1
        // would issue it: only the instances that have learnt the new secret can read it.
        const resealed = await resealSession(issued[0]?.token ?? "", SECRETS.old, SECRETS.new)
        await rollEach(ROLL.learn, async (rolled, waiting) => {
          expect(await signIn(`step 1, on ${rolled.name}`, rolled)).toBe("old")
          const next = waiting[0]
          if (next) {
            expect(await signIn(`step 1, on ${next.name} (not yet rolled)`, next)).toBe("old")
            // A CSRF token from a rolled instance is taken by one that is not, and back.
            expect(await signIn(`step 1, ${rolled.name} to ${next.name}`, rolled, next)).toBe("old")
            expect(await signIn(`step 1, ${next.name} to ${rolled.name}`, next, rolled)).toBe("old")
          }
          await expectEverySessionEverywhere()
          const reads = await holding(resealed).emailEverywhere()
          const learnt = instances.filter((instance) => !waiting.includes(instance))
          expect(reads).toMatchObject({
            ...Object.fromEntries(learnt.map(({ name }) => [name, DEMO.email])),
            ...Object.fromEntries(waiting.map(({ name }) => [name, null])),
          })
        })
      },
    )

    it(
      "step 2: every instance seals with the new secret and still opens the old one's tokens",
      ROLL_TIMEOUT,
      async () => {
        await rollEach(ROLL.seal, async (rolled, waiting) => {
          expect(await signIn(`step 2, on ${rolled.name}`, rolled)).toBe("new")
          const next = waiting[0]
          if (next) {
            expect(await signIn(`step 2, on ${next.name} (not yet rolled)`, next)).toBe("old")
            expect(await signIn(`step 2, ${rolled.name} to ${next.name}`, rolled, next)).toBe("old")
            expect(await signIn(`step 2, ${next.name} to ${rolled.name}`, next, rolled)).toBe("new")
          }
          await expectEverySessionEverywhere()
        })
        expect(await signIn("after the roll", "balancer")).toBe("new")
        await expectEverySessionEverywhere()
        // A session read now is re-issued sealed with the new secret: only sessions unused since
        // step 2 still need the old one, for `session.maxAge` at most.
        const browser = holding(issued[0]?.token ?? "")
        expect(await browser.session("balancer")).toMatchObject({ user: { email: DEMO.email } })
        expect(await sealingSecretOf(browser.sessionToken() ?? "", SECRETS)).toBe("new")
      },
    )

    it(
      "step 3: dropping the old secret ends only the sessions still sealed with it",
      ROLL_TIMEOUT,
      async () => {
        const sealedOld: typeof issued = []
        const sealedNew: typeof issued = []
        for (const entry of issued) {
          if ((await sealingSecretOf(entry.token, SECRETS)) === "new") sealedNew.push(entry)
          else sealedOld.push(entry)
        }
        expect(sealedOld.map(({ label }) => label)).toContain("before the roll")
        // On one instance: the others drop it the same way, once no token needs it.
        const [dropped] = instances as [Instance]
        await rollInstance(cluster, dropped, ROLL.drop)
        await expectEverySessionEverywhere(sealedNew)
        const reads: Record<string, unknown> = {}
        const expected: Record<string, unknown> = {}
        for (const { label, token } of sealedOld) {
          const read = await holding(token).emailEverywhere()
          reads[label] = Object.fromEntries(instances.map(({ name }) => [name, read[name]]))
          expected[label] = Object.fromEntries(
            instances.map(({ name }) => [name, name === dropped.name ? null : DEMO.email]),
          )
        }
        expect(reads).toEqual(expected)
      },
    )
  })
})
