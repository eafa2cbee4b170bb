/**
 * A child process that runs JWT session GETs through one implementation and prints the heap in
 * use (after garbage collection) once `first` and once `second` requests have been served.
 *
 * Run as: node --expose-gc --import tsx src/heap-child.ts <ours|authjs> <first> <second> [workload]
 *
 * Workloads: `same-cookie` (the default) sends one session cookie
 * every time; `large-cookies` sends a new session token each time, beside a 15 KB cookie of the
 * app's, so what the process holds per session read shows.
 */
import { BASE_PATH, ORIGIN, SECRET, SESSION_COOKIE, USER } from "./fixtures.js"
import { collectGarbage } from "./measure.js"
import { authjsJwt, loadTarget, type Target } from "./targets.js"
import { cookieValue, jwtConfig, jwtSessionRunner, type Runner } from "./workloads.js"

/** The unrelated cookie of the `large-cookies` workload: preferences, an analytics id. */
const APP_COOKIE = `prefs=${"x".repeat(15 * 1024)}`

const [which, first, second, workload = "same-cookie"] = process.argv.slice(2)
if (
  (which !== "ours" && which !== "authjs") ||
  (workload !== "same-cookie" && workload !== "large-cookies") ||
  !(globalThis as { gc?: unknown }).gc
) {
  throw new Error(
    "Usage: node --expose-gc --import tsx src/heap-child.ts <ours|authjs> <n> <m> [same-cookie|large-cookies]",
  )
}
const firstCount = Number(first)
const secondCount = Number(second)
const target = await loadTarget(which)
const runner =
  workload === "large-cookies"
    ? await largeCookieRunner(target, secondCount)
    : await jwtSessionRunner(target)
await runner.verify()

const heapAfter = async (total: number, done: number): Promise<number> => {
  for (let i = done; i < total; i++) await runner.op()
  collectGarbage()
  await new Promise((resolve) => setTimeout(resolve, 10))
  collectGarbage()
  return process.memoryUsage().heapUsed
}
const atFirst = await heapAfter(firstCount, 0)
const atSecond = await heapAfter(secondCount, firstCount)
process.stdout.write(`${JSON.stringify({ atFirst, atSecond })}\n`)

/**
 * GET `/session` with `count` distinct session tokens, one per request, each in a `Cookie`
 * header that also carries {@link APP_COOKIE}. The tokens are minted up front (so they are in
 * the heap before the first count), by Auth.js's `encode`, which both sides read.
 */
async function largeCookieRunner(target: Target, count: number): Promise<Runner> {
  const config = jwtConfig(target)
  const { encode } = await authjsJwt()
  const claims = { sub: USER.id, name: USER.name, email: USER.email, picture: USER.image }
  const mint = () => encode({ token: claims, secret: SECRET, salt: SESSION_COOKIE })
  const tokens: string[] = []
  for (let i = 0; i < count; i++) tokens.push(await mint())
  const sessionWith = async (token: string | undefined): Promise<Response> => {
    const cookie = `${APP_COOKIE}; ${SESSION_COOKIE}=${token}`
    const request = new Request(`${ORIGIN}${BASE_PATH}/session`, { headers: { cookie } })
    const response = await target.Auth(request, config)
    if (response.status !== 200) throw new Error(`GET /session: status ${response.status}.`)
    return response
  }
  let next = 0
  return {
    async op() {
      await (await sessionWith(tokens[next++ % count])).arrayBuffer()
    },
    async verify() {
      const response = await sessionWith(await mint())
      const session = (await response.json()) as { user?: { email?: string } } | null
      if (session?.user?.email !== USER.email) throw new Error("GET /session: no session.")
      if (!cookieValue(response, SESSION_COOKIE)) {
        throw new Error("GET /session did not re-issue the session cookie.")
      }
    },
  }
}
