/**
 * Load for the fault tests: browsers signing in and reading their sessions in a loop through the
 * balancer while a fault is injected, and short descriptions of what they were answered.
 */
import type { Cluster } from "./cluster.js"
import {
  type Answer,
  Browser,
  emailOf,
  finishOAuthSignIn,
  signedIn,
  startOAuthSignIn,
} from "./fault-flows.js"

/** Where the load is: before, during or after the outage. */
export type Phase = "before" | "outage" | "after"

/** One sign-in and session read of one worker. */
export interface Outcome {
  username: string
  phase: Phase
  signedIn: boolean
  answers: Answer[]
  /** A request that got no answer at all (a reset, a refused connection). */
  error?: string
}

/** Sign-ins and session reads in a loop, from several browsers at once. */
export interface Load {
  phase: Phase
  /** Resolves once every worker has signed in and read its session in the current phase. */
  everyWorkerSignedIn(): Promise<void>
  /** Resolves once every worker has had an answer in the current phase. */
  everyWorkerAnswered(): Promise<void>
  /** Stops the workers after their current loop; every loop's outcome. */
  stop(): Promise<Outcome[]>
}

/**
 * Starts `workers` browsers that each sign in a new user with Playground ID and read the
 * session, over and over, until {@link Load.stop}; each loop is tagged with the phase it began in.
 */
export function startLoad(cluster: Cluster, workers: number): Load {
  const outcomes: Outcome[] = []
  const waiters = new Set<() => void>()
  let stopped = false
  const load = {
    phase: "before" as Phase,
    everyWorkerSignedIn: () => until((outcome) => outcome.signedIn),
    everyWorkerAnswered: () => until((outcome) => outcome.answers.length > 0),
    async stop() {
      stopped = true
      await running
      return outcomes
    },
  }
  const byWorker: Outcome[][] = Array.from({ length: workers }, () => [])
  const until = (done: (outcome: Outcome) => boolean) =>
    new Promise<void>((resolve) => {
      const phase = load.phase
      const check = () => {
        const met = byWorker.every((mine) =>
          mine.some((outcome) => outcome.phase === phase && done(outcome)),
        )
        if (!met) return
        waiters.delete(check)
        resolve()
      }
      waiters.add(check)
      check()
    })
  const running = Promise.all(
    byWorker.map(async (mine, worker) => {
      for (let loop = 0; !stopped; loop++) {
        const outcome = await signInAndRead(cluster, `w${worker}-${loop}`, load.phase)
        mine.push(outcome)
        outcomes.push(outcome)
        for (const check of [...waiters]) check()
      }
    }),
  )
  return load
}

/** One OAuth sign-in of a new user, then a session read, from a browser of its own. */
async function signInAndRead(cluster: Cluster, username: string, phase: Phase): Promise<Outcome> {
  const [worker = 0, loop = 0] = username.slice(1).split("-").map(Number)
  const browser = new Browser(cluster, `10.2.${worker}.${loop % 250}`)
  const outcome: Outcome = { username, phase, signedIn: false, answers: browser.answers }
  try {
    const start = await startOAuthSignIn(browser)
    if (!start.location?.startsWith(cluster.idp.issuer)) return outcome
    const done = await finishOAuthSignIn(browser, cluster, start.location, username)
    if (!signedIn(done)) return outcome
    const read = await browser.sessionEmail()
    outcome.signedIn = read.email === emailOf(cluster, username)
  } catch (error) {
    outcome.error = `${username}: ${error instanceof Error ? error.message : error}`
  }
  return outcome
}

/** Each kind of answer once, with how many there were: what a failed assertion shows. */
export function describeAll(answers: Answer[]): string[] {
  const kinds = new Map<string, number>()
  for (const answer of answers) {
    const body = answer.body.replace(/\s+/g, " ").slice(0, 100)
    const kind = `${answer.request} ${answer.status} by ${answer.servedBy ?? "HAProxy"}, Retry-After ${answer.retryAfter}: ${body}`
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
  }
  return [...kinds].map(([kind, count]) => `${count}× ${kind}`)
}

/** Answers by status and by who answered, and the slowest, for the test's output. */
export function summarise(answers: Answer[]): string {
  const counts = new Map<string, number>()
  for (const answer of answers) {
    const key = `${answer.status} ${answer.servedBy === null ? "HAProxy" : "instance"}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const slowest = Math.round(Math.max(...answers.map((answer) => answer.ms)))
  return `${answers.length} answers: ${[...counts].map(([key, n]) => `${n}× ${key}`).join(", ")}; slowest ${slowest} ms.`
}
