/**
 * PostgreSQL and Redis going away, coming back and hanging while the cluster serves sign-ins and
 * session reads, through proxies between the instances and the shared servers (which keep
 * running for everyone else): clear 503s meanwhile, no half-written rows, and everything back
 * without restarting an app.
 *
 * The playground keeps its rate-limit counters in Redis with core's default
 * `onStoreFailure: "open"` (it has no setting for "closed", so only "open" is tested) and uses
 * the same store as `session.store`; its sessions here are database sessions, in PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type Cluster, missingPrerequisite, startCluster } from "../src/cluster.js"
import {
  Browser,
  emailOf,
  finishOAuthSignIn,
  orphanRows,
  signedIn,
  startOAuthSignIn,
} from "../src/fault-flows.js"
import { describeAll, type Load, type Outcome, startLoad, summarise } from "../src/fault-load.js"
import { type FaultProxy, startFaultProxy } from "../src/fault-proxy.js"
import { rollInstance } from "../src/flow-rotation.js"
import { BACKEND } from "../src/haproxy.js"
import type { Instance } from "../src/instance.js"
import { scaled, within } from "../src/waits.js"

const missing = missingPrerequisite()
if (missing && process.env.CI) throw new Error(`CI runs the cluster tests: ${missing}.`)

/** The servers' ports when their URLs name none. */
const POSTGRES_PORT = 5432
const REDIS_PORT = 6379
/**
 * The instances' query timeout, from `DATABASE_URL` (`?query_timeout=`, which node-postgres
 * takes over the playground's own 10 s), and the pool's wait for a connection (the
 * playground's `connectionTimeoutMillis`, which nothing configures): a request that needs a
 * hung database gets its 503 within the longer of the two.
 */
const QUERY_TIMEOUT_MS = 3_000
const POOL_WAIT_MS = 5_000
/** Browsers signing in and reading their sessions while PostgreSQL restarts. */
const WORKERS = 6
/** Requests sent at once while PostgreSQL hangs. */
const STALLED_REQUESTS = 50
/** What core logs once per outage when a rate limit cannot be counted and lets requests through. */
const STORE_FAILED = /The rate-limit store failed; requests are let through until it answers again/
/** What the playground's Redis client logs when it loses its connection. */
const REDIS_LOST = /Redis at .* is unreachable/
/** How long a store call waits for Redis (the default `timeoutMs` of `createRedisStore`). */
const STORE_TIMEOUT_MS = 1_000

describe.skipIf(missing !== undefined)("PostgreSQL and Redis behind proxies", () => {
  let postgres: FaultProxy
  let redis: FaultProxy
  let cluster: Cluster
  beforeAll(async () => {
    postgres = await startFaultProxy(process.env.DATABASE_URL ?? "", POSTGRES_PORT)
    redis = await startFaultProxy(process.env.REDIS_URL ?? "", REDIS_PORT)
    const databaseUrl = new URL(postgres.url)
    databaseUrl.searchParams.set("query_timeout", String(QUERY_TIMEOUT_MS))
    databaseUrl.searchParams.set("statement_timeout", String(QUERY_TIMEOUT_MS))
    cluster = await startCluster({
      name: "scale_faults_stores",
      env: { DATABASE_URL: databaseUrl.toString(), REDIS_URL: redis.url },
    })
  })
  afterEach(async () => {
    // A test that failed mid-fault leaves the next one a working cluster.
    for (const proxy of [postgres, redis]) {
      if (proxy?.state === "holding") proxy.release()
      if (proxy?.state === "refusing") await restore(proxy)
    }
  })
  afterAll(async () => {
    await cluster?.close()
    await postgres?.close()
    await redis?.close()
  })

  /** Accepts connections again and resolves once every instance is healthy and UP in HAProxy. */
  const restore = async (proxy: FaultProxy) => {
    const from = cluster.haproxy.output.lines.length
    await proxy.accept()
    await Promise.all(
      cluster.instances.map((instance) =>
        within(untilHealthy(instance), 10_000, `${instance.name} to answer its health check`),
      ),
    )
    // "UP", or "UP 1/2" between two checks; anything else comes back with a line in the log.
    const statuses = await cluster.haproxy.statuses()
    const down = cluster.instances.filter(({ name }) => !statuses[name]?.startsWith("UP"))
    await Promise.all(
      down.map(({ name }) => {
        const up = new RegExp(`Server ${BACKEND}/${name} is UP\\b`)
        return within(cluster.haproxy.output.next(up, from), 10_000, `HAProxy to mark ${name} UP`)
      }),
    )
  }

  /** Cuts Redis off and resolves once every instance has noticed. */
  const cutRedis = async () => {
    const lost = Promise.all(cluster.instances.map(({ output }) => output.next(REDIS_LOST)))
    await redis.cut()
    await within(lost, 5_000, "every instance to lose Redis")
  }

  it("leaves no user without its account when PostgreSQL goes away between the two inserts of a sign-in", async () => {
    const browser = new Browser(cluster, "10.3.0.1")
    const start = await startOAuthSignIn(browser)
    const between = postgres.cutOn(new RegExp(`INSERT INTO "${cluster.schema}"\\.accounts\\b`))
    const failed = await finishOAuthSignIn(browser, cluster, start.location ?? "", "dora")
    await between
    expect(failed.status, failed.body).toBe(503)
    expect(failed.retryAfter).toBe("5")
    await restore(postgres)

    const again = new Browser(cluster, "10.3.0.2")
    const restart = await startOAuthSignIn(again)
    const done = await finishOAuthSignIn(again, cluster, restart.location ?? "", "dora")
    expect(signedIn(done), `${done.status} ${done.location}`).toBe(true)
    expect((await again.sessionEmail()).email).toBe(emailOf(cluster, "dora"))
    expect(await orphanRows(cluster)).toEqual({ accounts: 0, sessions: 0, users: [] })
  })

  it("answers 503 with Retry-After while PostgreSQL restarts under load, never 500, and recovers without a restart", async () => {
    const servers = cluster.instances.map(({ name }) => name)
    const orphansBefore = await orphanRows(cluster)
    const load = startLoad(cluster, WORKERS)
    const outcomes = await driven(load, async () => {
      await within(load.everyWorkerSignedIn(), 20_000, "every worker to sign in")

      const down = Promise.all(servers.map((name) => cluster.haproxy.waitFor(name, "DOWN")))
      await postgres.cut()
      load.phase = "outage"
      // The health checks see it too: HAProxy takes every instance out.
      await down
      await within(load.everyWorkerAnswered(), 10_000, "every worker to be answered in the outage")
      const up = Promise.all(servers.map((name) => cluster.haproxy.waitFor(name, "UP")))
      await postgres.accept()
      load.phase = "after"
      await up
      await within(load.everyWorkerSignedIn(), 20_000, "every worker to sign in after the outage")
    })

    const answers = outcomes.flatMap((outcome) => outcome.answers)
    console.info(summarise(answers))
    expect(outcomes.filter((outcome) => outcome.error).map((outcome) => outcome.error)).toEqual([])
    const failing = answers.filter((answer) => answer.status >= 500)
    expect(failing.length).toBeGreaterThan(0)
    expect(describeAll(failing.filter((answer) => answer.status !== 503))).toEqual([])
    // An instance's 503 says when to come back; HAProxy's own, with every instance out, too.
    const fromInstances = failing.filter((answer) => answer.servedBy !== null)
    expect(describeAll(fromInstances.filter((answer) => answer.retryAfter !== "5"))).toEqual([])
    const fromHaproxy = failing.filter((answer) => answer.servedBy === null)
    expect.soft(describeAll(fromHaproxy.filter((answer) => answer.retryAfter === null))).toEqual([])
    const slowest = Math.max(...answers.map((answer) => answer.ms))
    expect(slowest).toBeLessThan(scaled(POOL_WAIT_MS))

    // Every sign-in whose callback reached an instance and failed works when tried again, and
    // nothing was left half-written.
    const retried = outcomes.filter(
      (outcome) =>
        !outcome.signedIn &&
        outcome.answers.some(
          (answer) => answer.request.includes("/callback/") && answer.servedBy !== null,
        ),
    )
    for (const [index, { username }] of retried.entries()) {
      const browser = new Browser(cluster, `10.4.0.${index + 1}`)
      const start = await startOAuthSignIn(browser)
      const done = await finishOAuthSignIn(browser, cluster, start.location ?? "", username)
      expect(signedIn(done), `${username}: ${done.status} ${done.location}`).toBe(true)
    }
    expect(await orphanRows(cluster)).toEqual(orphansBefore)
  })

  it("answers 50 requests that wait on a hung PostgreSQL with 503 within the timeout, and the pool recovers", async () => {
    const servers = cluster.instances.map(({ name }) => name)
    const browser = new Browser(cluster, "10.5.0.1")
    const start = await startOAuthSignIn(browser)
    const done = await finishOAuthSignIn(browser, cluster, start.location ?? "", "stella")
    expect(signedIn(done)).toBe(true)
    const before = await cluster.count("sessions")

    const down = Promise.all(servers.map((name) => cluster.haproxy.waitFor(name, "DOWN")))
    postgres.hold()
    const stalled = await Promise.all(
      Array.from({ length: STALLED_REQUESTS }, () => browser.sessionEmail()),
    )
    // The pools bound the connections: at most 5 per instance, however many requests wait.
    expect(postgres.connections).toBeLessThanOrEqual(5 * servers.length)
    await down
    const up = Promise.all(servers.map((name) => cluster.haproxy.waitFor(name, "UP")))
    postgres.release()
    await up

    const answers = stalled.map(({ answer }) => answer)
    console.info(summarise(answers))
    expect(describeAll(answers.filter((answer) => answer.status !== 503))).toEqual([])
    expect(describeAll(answers.filter((answer) => answer.retryAfter !== "5"))).toEqual([])
    const slowest = Math.max(...answers.map((answer) => answer.ms))
    expect(slowest).toBeLessThan(scaled(POOL_WAIT_MS + 2_000))

    for (const _ of servers) {
      const read = await browser.sessionEmail()
      expect(read.answer.status).toBe(200)
      expect(read.email).toBe(emailOf(cluster, "stella"))
    }
    expect(await cluster.count("sessions")).toBe(before)
  })

  it("lets sign-ins through on every instance (open), logs the outage once, keeps database sessions, and counts again once Redis is back", async () => {
    const reader = new Browser(cluster, "10.6.0.1")
    const first = await startOAuthSignIn(reader)
    const rita = await finishOAuthSignIn(reader, cluster, first.location ?? "", "rita")
    expect(signedIn(rita)).toBe(true)
    const from = cluster.instances.map(({ output }) => output.lines.length)

    await cutRedis()
    await Promise.all(
      cluster.instances.map(async (instance, index) => {
        // Asked directly: what each instance does, whatever HAProxy makes of its health check.
        const ritas = new Browser(cluster, `10.6.1.${index + 1}`, instance.url)
        ritas.jar.store(reader.jar.all().map(({ name, value }) => `${name}=${value}`))
        const session = await ritas.sessionEmail()
        expect(session.answer.status).toBe(200)
        expect(session.email).toBe(emailOf(cluster, "rita"))
        // A database session read asks the session store for refresh failures, once.
        expect(session.answer.ms).toBeLessThan(scaled(STORE_TIMEOUT_MS * 2))

        const browser = new Browser(cluster, `10.6.2.${index + 1}`, instance.url)
        const start = await startOAuthSignIn(browser)
        expect(start.location, start.body).toContain(cluster.idp.issuer)
        // Each of its two counters is given up on after the store's timeout, not later.
        expect(start.ms).toBeLessThan(scaled(STORE_TIMEOUT_MS * 3))
        const username = `open-${index}`
        const done = await finishOAuthSignIn(browser, cluster, start.location ?? "", username)
        expect(signedIn(done), `${done.status} ${done.location}`).toBe(true)
        expect((await browser.sessionEmail()).email).toBe(emailOf(cluster, username))
        const lines = instance.output.lines.slice(from[index])
        expect(lines.filter((line) => STORE_FAILED.test(line))).toHaveLength(1)
      }),
    )

    const reconnected = cluster.instances.map(({ output }) =>
      output.next(/^Redis at .* answers again\.$/),
    )
    await restore(redis)
    // Each instance's client has reconnected (until then its store fails at once, open).
    await within(Promise.all(reconnected), 20_000, "every instance's Redis client to reconnect")
    const keys = async () => (await cluster.redis.keys(`${cluster.prefix}*`)).length
    const before = await keys()
    const after = new Browser(cluster, "10.6.3.1")
    const start = await startOAuthSignIn(after)
    const done = await finishOAuthSignIn(after, cluster, start.location ?? "", "back")
    expect(signedIn(done)).toBe(true)
    // The sign-in was counted in Redis again.
    expect(await keys()).toBeGreaterThan(before)
  })

  it("keeps every instance in the balancer's round while Redis is down: database sessions and open rate limits do not need it", async () => {
    const reader = new Browser(cluster, "10.7.0.1")
    const first = await startOAuthSignIn(reader)
    expect(signedIn(await finishOAuthSignIn(reader, cluster, first.location ?? "", "ruth"))).toBe(
      true,
    )

    await cutRedis()
    // HAProxy's check: an instance that answers 503 here is taken out of the round.
    for (const instance of cluster.instances) {
      const health = await fetch(`${instance.url}/auth/health`)
      expect.soft(health.status, `${instance.name}: ${await health.text()}`).toBe(200)
    }
    for (const _ of cluster.instances) {
      const read = await reader.sessionEmail()
      expect.soft(read.answer.status, read.answer.body).toBe(200)
    }
    expect.soft(await cluster.haproxy.statuses()).toEqual({ s1: "UP", s2: "UP", s3: "UP" })
    await restore(redis)
    expect((await reader.sessionEmail()).email).toBe(emailOf(cluster, "ruth"))
  })

  it("closes an instance configured onStoreFailure closed while Redis is down: 503 with Retry-After, out of the balancer, back when Redis is", async () => {
    const closed = cluster.instances[2]
    if (!closed) throw new Error("three instances were started")
    await rollInstance(cluster, closed, { PLAYGROUND_RATE_LIMIT_ON_STORE_FAILURE: "closed" })
    const reader = new Browser(cluster, "10.8.0.1")
    const first = await startOAuthSignIn(reader)
    expect(signedIn(await finishOAuthSignIn(reader, cluster, first.location ?? "", "cleo"))).toBe(
      true,
    )

    const out = cluster.haproxy.waitFor(closed.name, "DOWN")
    await cutRedis()
    const direct = new Browser(cluster, "10.8.1.1", closed.url)
    const refused = await startOAuthSignIn(direct)
    expect(refused.status, refused.body).toBe(503)
    expect(refused.retryAfter).toBe("5")
    // Its health check names the closed store, so HAProxy routes around it; the others serve.
    expect((await fetch(`${closed.url}/auth/health`)).status).toBe(503)
    await out
    for (const _ of cluster.instances) {
      const read = await reader.sessionEmail()
      expect(read.answer.status, read.answer.body).toBe(200)
      expect(read.answer.servedBy).not.toBe(closed.name)
    }
    await restore(redis)
    const open = new Browser(cluster, "10.8.2.1", closed.url)
    expect((await startOAuthSignIn(open)).status).toBe(302)
  })
})

/** Runs `phases` while the load runs, then stops it (also when a phase failed): its outcomes. */
async function driven(load: Load, phases: () => Promise<void>): Promise<Outcome[]> {
  const failed = await phases().then(
    () => undefined,
    (error: unknown) => ({ error }),
  )
  const outcomes = await load.stop()
  if (failed) throw failed.error
  return outcomes
}

/** Resolves once `GET /auth/health` of the instance itself answers 200. */
async function untilHealthy(instance: Instance): Promise<void> {
  for (;;) {
    const response = await fetch(`${instance.url}/auth/health`)
    await response.body?.cancel()
    if (response.status === 200) return
  }
}
