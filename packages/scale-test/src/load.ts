/**
 * The load report of bench/README.md: N concurrent sign-in → session-read → sign-out loops
 * through HAProxy in front of three playground instances (database sessions on one PostgreSQL,
 * rate limits on one Redis), for a bounded time, loopback only. Each loop signs in with an
 * e-mail link to a new address, from its own client address (`X-Forwarded-For`, which HAProxy
 * passes on and the instances trust from 127.0.0.1 only), reads the session, and signs out.
 * Afterwards the rows are counted in PostgreSQL: one user per address whose link signed in (none
 * twice), one session per signed-in loop that did not sign out, one verification token per link
 * sent and not used.
 *
 *   pnpm --filter @auth/scale-test load            # 500 loops for 30 s
 *   LOAD_CONCURRENCY=100 LOAD_SECONDS=10 pnpm --filter @auth/scale-test load
 *
 * Needs DATABASE_URL, REDIS_URL and haproxy (as the tests). Writes bench/load-results.json.
 */
import { writeFile } from "node:fs/promises"
import { cpus } from "node:os"
import { performance } from "node:perf_hooks"
import { CookieJar } from "@auth/dev-servers"
import { type Cluster, startCluster } from "./cluster.js"

/** Where the result goes, beside the bench's own results. */
const RESULTS = new URL("../../../bench/load-results.json", import.meta.url)
/** The steps of one loop, in order. */
const STEPS = ["csrf", "email", "link", "session", "signout"] as const
type Step = (typeof STEPS)[number]

/** One loop's outcome of one step. */
interface Sample {
  step: Step
  ms: number
  ok: boolean
}

const concurrency = positive("LOAD_CONCURRENCY", 500)
const seconds = positive("LOAD_SECONDS", 30)

async function main(): Promise<void> {
  // fetch's default pool opens as many connections as there are requests in flight, as 500
  // browsers would.
  const cluster = await startCluster({ name: "scale_load" })
  try {
    console.log(`${concurrency} loops for ${seconds} s through ${cluster.url} (3 instances)…`)
    const samples: Sample[] = []
    const failures = new Map<string, number>()
    const progress: Progress = { mailed: 0, signedIn: 0, signedOut: 0 }
    let next = 0
    const deadline = performance.now() + seconds * 1000
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const loop = next++
          const outcome = await signInLoop(cluster, loop, samples, progress)
          if (outcome !== "ok") failures.set(outcome, (failures.get(outcome) ?? 0) + 1)
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    const rows = await countRows(cluster)
    const expected: Rows = {
      users: progress.signedIn,
      accounts: 0,
      sessions: progress.signedIn - progress.signedOut,
      verificationTokens: progress.mailed - progress.signedIn,
      duplicateUsers: 0,
    }
    const report = summarise(samples, elapsed, progress, failures, rows, expected)
    console.log(JSON.stringify(report, null, 2))
    await writeFile(RESULTS, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`Written to ${RESULTS.pathname}`)
    if (JSON.stringify(rows) !== JSON.stringify(expected)) {
      console.error("The rows in PostgreSQL are not what the loops did: something was lost.")
      process.exitCode = 1
    }
  } finally {
    await cluster.close()
  }
}

/** How many loops got how far, to check the rows against. */
interface Progress {
  /** A sign-in link was sent. */
  mailed: number
  /** The link signed in (a user and a session were made). */
  signedIn: number
  signedOut: number
}

/**
 * One sign-in → session-read → sign-out loop; `"ok"` or what went wrong (a step and status).
 */
async function signInLoop(
  cluster: Cluster,
  loop: number,
  samples: Sample[],
  progress: Progress,
): Promise<string> {
  const jar = new CookieJar()
  const email = `load-${loop}@example.test`
  // 10.x.y.z: every loop is its own client, as behind a CDN or a corporate NAT they would not be.
  const client = `10.${(loop >> 16) & 255}.${(loop >> 8) & 255}.${loop & 255}`
  const send = async (step: Step, url: string, init: RequestInit = {}) => {
    const begin = performance.now()
    try {
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: { ...init.headers, cookie: jar.header(), "x-forwarded-for": client },
      })
      jar.store(response)
      const body = await response.text()
      samples.push({ step, ms: performance.now() - begin, ok: response.status < 500 })
      return { status: response.status, body, location: response.headers.get("location") }
    } catch (error) {
      samples.push({ step, ms: performance.now() - begin, ok: false })
      throw error
    }
  }
  const form = { "content-type": "application/x-www-form-urlencoded" }
  try {
    const csrf = await send("csrf", `${cluster.url}/auth/csrf`)
    if (csrf.status !== 200) return `csrf ${csrf.status}`
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string }
    const mail = cluster.smtp.waitForMessage((message) => message.to.includes(email), 60_000)
    const asked = await send("email", `${cluster.url}/auth/signin/nodemailer`, {
      method: "POST",
      headers: form,
      body: new URLSearchParams({ csrfToken, email, callbackUrl: "/" }),
    })
    if (asked.status !== 302 || !asked.location?.includes("verify-request")) {
      mail.catch(() => {})
      return `email ${asked.status}`
    }
    progress.mailed++
    const link = /https?:\/\/\S+\/auth\/callback\/nodemailer\S+/.exec((await mail).text)?.[0]
    if (!link) return "email without link"
    const landed = await send("link", link)
    if (landed.status !== 302 || landed.location?.includes("error")) return `link ${landed.status}`
    progress.signedIn++
    const session = await send("session", `${cluster.url}/auth/session`)
    if (session.status !== 200 || !session.body.includes(email)) return `session ${session.status}`
    const out = await send("signout", `${cluster.url}/auth/signout`, {
      method: "POST",
      headers: form,
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
    })
    if (out.status !== 302) return `signout ${out.status}`
    progress.signedOut++
    return "ok"
  } catch (error) {
    return `network ${(error as Error).message}`
  }
}

/** The rows left in PostgreSQL after the run. */
interface Rows {
  users: number
  accounts: number
  sessions: number
  verificationTokens: number
  /** E-mail addresses with more than one user: duplicates. */
  duplicateUsers: number
}

async function countRows(cluster: Cluster): Promise<Rows> {
  const duplicates = await cluster.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT email FROM "${cluster.schema}".users GROUP BY email HAVING count(*) > 1) d`,
  )
  return {
    users: await cluster.count("users"),
    accounts: await cluster.count("accounts"),
    sessions: await cluster.count("sessions"),
    verificationTokens: await cluster.count("verification_token"),
    duplicateUsers: Number(duplicates.rows[0]?.n ?? 0),
  }
}

function summarise(
  samples: Sample[],
  elapsed: number,
  progress: Progress,
  failures: Map<string, number>,
  rows: Rows,
  expected: Rows,
) {
  const latency = (of: Sample[]) => {
    const sorted = of.map((sample) => sample.ms).sort((a, b) => a - b)
    const at = (q: number) =>
      round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)
    return { requests: sorted.length, p50: at(0.5), p99: at(0.99), max: round(sorted.at(-1) ?? 0) }
  }
  return {
    date: new Date().toISOString(),
    machine: `${cpus().length} cores, ${cpus()[0]?.model ?? "unknown"}`,
    setup:
      "3 playground instances (database sessions, PostgreSQL, Redis rate limits) behind HAProxy, all on one machine with the load generator",
    concurrency,
    seconds: round(elapsed),
    loops: {
      finished: progress.signedOut,
      failed: [...failures.values()].reduce((a, b) => a + b, 0),
    },
    failures: Object.fromEntries(failures),
    requestsPerSecond: round(samples.length / elapsed),
    errors: samples.filter((sample) => !sample.ok).length,
    latencyMs: {
      all: latency(samples),
      ...Object.fromEntries(
        STEPS.map((step) => [step, latency(samples.filter((s) => s.step === step))]),
      ),
    },
    rows,
    expectedRows: expected,
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

function positive(name: string, fallback: number): number {
  const value = process.env[name]
  if (value === undefined || value === "") return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number <= 0) {
    throw new Error(`${name} must be a positive whole number, not "${value}".`)
  }
  return number
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
