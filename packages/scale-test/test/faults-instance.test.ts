/**
 * An instance killed with SIGKILL in the middle of a sign-in and of a stream of session reads:
 * HAProxy retries what it sent there on another instance, marks it DOWN, routes around it, and
 * takes it back once it has started again.
 */
import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Cluster, missingPrerequisite, startCluster } from "../src/cluster.js"
import {
  type Answer,
  Browser,
  emailOf,
  finishOAuthSignIn,
  signedIn,
  startOAuthSignIn,
} from "../src/fault-flows.js"
import { BACKEND } from "../src/haproxy.js"
import type { Instance } from "../src/instance.js"

const missing = missingPrerequisite()
if (missing && process.env.CI) throw new Error(`CI runs the cluster tests: ${missing}.`)

/** Browsers reading their session at the same time, before, during and after the kill. */
const READERS = 8

describe.skipIf(missing !== undefined)("an instance killed with SIGKILL", () => {
  let cluster: Cluster
  beforeAll(async () => {
    cluster = await startCluster({ name: "scale_faults_instance" })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it("finishes a sign-in on another instance when the one its callback goes to is killed", async () => {
    const browser = new Browser(cluster, "10.1.1.1")
    const start = await startOAuthSignIn(browser)
    expect(start.location).toContain(cluster.idp.issuer)
    // Round robin: the callback, the next request through the balancer, goes to the next server.
    const victim = nextServer(cluster, start.servedBy)
    const { url: callback } = await cluster.idp.login(
      new CookieJar(),
      start.location ?? "",
      "victor",
    )
    const redispatchedBefore = (await serverCounters(cluster, "wredis"))[victim.name] ?? 0

    const markedDown = cluster.haproxy.waitFor(victim.name, "DOWN")
    expect(await victim.kill("SIGKILL")).toBeNull()
    const done = await browser.get(callback.toString())

    expect(signedIn(done), `${done.status} ${done.location}\n${done.body}`).toBe(true)
    expect(done.servedBy).not.toBe(victim.name)
    // It was sent to the killed instance first: the refused connection was redispatched.
    const redispatched = (await serverCounters(cluster, "wredis"))[victim.name] ?? 0
    expect(redispatched).toBeGreaterThan(redispatchedBefore)
    expect((await browser.sessionEmail()).email).toBe(emailOf(cluster, "victor"))

    await markedDown
    const markedUp = cluster.haproxy.waitFor(victim.name, "UP")
    await victim.restart()
    await markedUp
    expect(await cluster.haproxy.statuses()).toEqual({ s1: "UP", s2: "UP", s3: "UP" })
  })

  it("answers every session read 200 during and after the kill, routes around the instance while it is DOWN, and takes it back once it is UP", async () => {
    const readers = await Promise.all(
      Array.from({ length: READERS }, async (_, index) => {
        const browser = new Browser(cluster, `10.1.0.${index + 1}`)
        const username = `reader${index}`
        const start = await startOAuthSignIn(browser)
        const done = await finishOAuthSignIn(browser, cluster, start.location ?? "", username)
        expect(signedIn(done), `${username}: ${done.status} ${done.location}`).toBe(true)
        return { browser, email: emailOf(cluster, username) }
      }),
    )
    const [victim] = cluster.instances
    if (!victim) throw new Error("No instance")

    // Every reader keeps reading until the victim is DOWN, then three more times.
    let down = false
    const markedDown = cluster.haproxy.waitFor(victim.name, "DOWN").then(() => {
      down = true
    })
    const reads: Read[] = []
    let firstRoundRead = () => {}
    const firstRound = new Promise<void>((resolve) => {
      firstRoundRead = resolve
    })
    const reading = Promise.all(
      readers.map(async ({ browser, email }) => {
        let afterDown = 0
        while (afterDown < 3) {
          const wasDown = down
          const read = await browser.sessionEmail()
          reads.push({ ...read, expected: email, afterDown: wasDown })
          if (reads.length === READERS) firstRoundRead()
          if (wasDown) afterDown++
        }
      }),
    )
    await firstRound
    const redispatchedBefore = (await serverCounters(cluster, "wredis"))[victim.name] ?? 0
    // Reads are in flight on every instance when it dies.
    expect(await victim.kill("SIGKILL")).toBeNull()
    await markedDown
    await reading
    // Some were sent to it after it died, and went to another instance.
    const redispatched = (await serverCounters(cluster, "wredis"))[victim.name] ?? 0

    const failed = reads.filter(
      (read) => read.answer.status !== 200 || read.email !== read.expected,
    )
    expect(failed.map((read) => `${read.answer.status} ${read.answer.servedBy}`)).toEqual([])
    const servedAfterDown = new Set(
      reads.filter((read) => read.afterDown).map((read) => read.answer.servedBy),
    )
    expect(servedAfterDown).toEqual(new Set(cluster.instances.slice(1).map(({ name }) => name)))
    expect(redispatched).toBeGreaterThan(redispatchedBefore)
    const slowest = Math.round(Math.max(...reads.map((read) => read.answer.ms)))
    console.info(
      `${reads.length} session reads across the kill, none failed, ${redispatched - redispatchedBefore} redispatched from ${victim.name}; slowest ${slowest} ms.`,
    )

    const markedUp = cluster.haproxy.waitFor(victim.name, "UP")
    await victim.restart()
    await markedUp
    const reader = readers[0]
    if (!reader) throw new Error("No reader")
    // Back in the round: HAProxy's round robin may give it a few requests in a row at first.
    const served = new Set<string | null>()
    for (const _ of [...cluster.instances, ...cluster.instances]) {
      const read = await reader.browser.sessionEmail()
      expect(read.email).toBe(reader.email)
      served.add(read.answer.servedBy)
    }
    expect(served.has(victim.name)).toBe(true)
  })
})

/** One session read of the burst. */
interface Read {
  answer: Answer
  email: string | null
  expected: string
  /** Sent after HAProxy marked the killed instance DOWN. */
  afterDown: boolean
}

/** The server after `served` in HAProxy's round. */
function nextServer(cluster: Cluster, served: string | null): Instance {
  const index = cluster.instances.findIndex((instance) => instance.name === served)
  const next = cluster.instances[(index + 1) % cluster.instances.length]
  if (index < 0 || !next) throw new Error(`Not a server of the cluster: ${served}`)
  return next
}

/** A counter of `show stat` for each server (`wredis`: requests redispatched away from it). */
async function serverCounters(cluster: Cluster, column: string): Promise<Record<string, number>> {
  const [header, ...rows] = (await cluster.haproxy.command("show stat")).trim().split("\n")
  const columns = (header ?? "").replace(/^# /, "").split(",")
  const counters: Record<string, number> = {}
  for (const row of rows) {
    const cells = row.split(",")
    const server = cells[columns.indexOf("svname")] ?? ""
    if (cells[columns.indexOf("pxname")] !== BACKEND || server === "BACKEND") continue
    counters[server] = Number(cells[columns.indexOf(column)] || 0)
  }
  return counters
}
