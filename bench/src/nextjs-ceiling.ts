/**
 * `pnpm --filter bench ceiling` (Linux): what bounds the Next.js rows of `pnpm bench`. Serves
 * the Next.js app three times (on our `next-auth`, on next-auth 5.0.0-beta.32, and `bare`: no
 * session check at all) and reports each `next start` server's own CPU time per request, read
 * from `/proc/<pid>/stat` around interleaved rounds of load, for the static file behind
 * `proxy.js` and for the page. Next.js's own work per request is the bare server's, the same
 * under every middleware, so next-auth's time over the bare server's is the most any
 * middleware or page could gain over next-auth: the ceiling of the row's ratio.
 */
import { readFileSync } from "node:fs"
import { startNextServer } from "../../packages/nextjs/test/next-server.js"
import { appDir, buildApp, type NextBuild } from "./frameworks/nextjs-app.js"
import { interleave, load } from "./http.js"
import { authjsSessionCookie } from "./targets.js"

const PATHS = ["/guarded.txt", "/"] as const
const BUILDS: readonly NextBuild[] = ["bare", "ours", "authjs"]
const ROUNDS = 6
const SECONDS = 5
const WARMUP_SECONDS = 2

/** A server's CPU time so far (user + system), in seconds. */
function cpuSeconds(pid: number): number {
  // The fields after the command (which may hold spaces) start at `state`; utime and stime are
  // the 14th and 15th fields of the line, in clock ticks (100 per second on Linux).
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Each build's CPU time per request on `path`, in µs, over interleaved rounds. */
async function cpuPerRequest(
  servers: ReadonlyMap<NextBuild, { url: string; pid: number }>,
  cookie: string,
  path: string,
): Promise<Map<NextBuild, number>> {
  const totals = new Map(BUILDS.map((build) => [build, { seconds: 0, requests: 0 }]))
  for (const server of servers.values())
    await load(server, cookie, { seconds: WARMUP_SECONDS }, path)
  await interleave(BUILDS, ROUNDS, async (build) => {
    const server = servers.get(build)!
    const before = cpuSeconds(server.pid)
    const stats = await load(server, cookie, { seconds: SECONDS }, path)
    if (stats.errors > 0) throw new Error(`${build}: ${stats.errors} failed requests on ${path}`)
    const total = totals.get(build)!
    total.seconds += cpuSeconds(server.pid) - before
    total.requests += stats.ops
  })
  return new Map(
    BUILDS.map((build) => {
      const { seconds, requests } = totals.get(build)!
      return [build, (seconds / requests) * 1e6]
    }),
  )
}

const cookie = await authjsSessionCookie()
for (const build of BUILDS) buildApp(build)
const started = await Promise.all(
  BUILDS.map((build) => startNextServer({ dir: appDir(build), host: "127.0.0.1" })),
)
try {
  const servers = new Map(
    BUILDS.map((build, index) => {
      const { baseUrl, pid } = started[index]!
      if (pid === undefined) throw new Error(`The ${build} server has no process id.`)
      return [build, { url: baseUrl, pid }]
    }),
  )
  const µs = (value: number) => `${Math.round(value).toLocaleString("en-US")} µs`
  console.log(`| path | bare | ours | next-auth | next-auth / bare | next-auth / ours |`)
  console.log(`| --- | --- | --- | --- | --- | --- |`)
  for (const path of PATHS) {
    const cpu = await cpuPerRequest(servers, cookie, path)
    const [bare, ours, authjs] = BUILDS.map((build) => cpu.get(build)!) as [number, number, number]
    const ratio = (value: number) => `${(authjs / value).toFixed(2)}×`
    console.log(
      `| ${path} | ${µs(bare)} | ${µs(ours)} | ${µs(authjs)} | ${ratio(bare)} | ${ratio(ours)} |`,
    )
  }
} finally {
  await Promise.all(started.map((server) => server.close()))
}
