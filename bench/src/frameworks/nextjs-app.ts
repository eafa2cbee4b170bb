/**
 * One Next.js 16 app, built twice from the same code: on our `next-auth` and on the published
 * `next-auth@5.0.0-beta.32` (`next-auth-beta` here). Its files are written into `.cache/` with
 * the package name filled in, built with `next build --webpack` when the package or the template
 * changed,
 * and served by `next start` on 127.0.0.1, port 0.
 *
 * - `/`: a Server Component that calls `auth()`; `proxy.js` does not run for it.
 * - `/guarded`: a route handler answering `ok`, and `/guarded.txt`, a static file (`public/`),
 *   both behind `proxy.js` (`export { auth as proxy }`, Next.js 16's Node.js-runtime
 *   middleware) whose `callbacks.authorized` wants a session. Behind the static file, Next.js
 *   does the least work of its own, so that row shows most of what the middleware costs.
 */
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { nextBinOf, startNextServer } from "../../../packages/nextjs/test/next-server.js"
import { SECRET, SESSION_COOKIE, USER } from "../fixtures.js"
import { authjsSessionCookie, BENCH_DIR, CACHE_DIR } from "../targets.js"
import type { KitServer } from "./sveltekit-apps.js"

export type NextSide = "ours" | "authjs"

/**
 * A build of the app: a side's, or `bare`: on our package, but with a `proxy.js` that only
 * returns `NextResponse.next()` and a page that reads `headers()` and `cookies()` without
 * `auth()`, what Next.js costs with no session check (see `nextjs-ceiling.ts`).
 */
export type NextBuild = NextSide | "bare"

/** The package each build imports. */
const PACKAGE: Record<NextBuild, string> = {
  ours: "next-auth",
  authjs: "next-auth-beta",
  bare: "next-auth",
}

const REPOSITORY = join(BENCH_DIR, "..")
/** The builds whose files make our side's app: a newer one rebuilds it. */
const OUR_BUILDS = ["packages/nextjs/dist", "packages/core/dist"]

/** The app's files, `PKG` standing for the package. */
const TEMPLATE: Record<string, string> = {
  ".env": "NEXT_TELEMETRY_DISABLED=1\n",
  "package.json": '{ "private": true, "type": "module" }\n',
  "next.config.mjs": "export default { poweredByHeader: false }\n",
  "auth.js": `import NextAuth from "PKG"
import Credentials from "PKG/providers/credentials"

export const { handlers, auth } = NextAuth({
  secret: ${JSON.stringify(SECRET)},
  trustHost: true,
  providers: [Credentials({ credentials: {}, authorize: () => null })],
  callbacks: { authorized: ({ auth }) => Boolean(auth) },
})
`,
  "proxy.js": `export { auth as proxy } from "./auth.js"

export const config = { matcher: ["/guarded", "/guarded.txt"] }
`,
  "public/guarded.txt": "ok",
  "app/layout.jsx": `export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
  "app/page.jsx": `import { auth } from "../auth.js"

export default async function Home() {
  const session = await auth()
  return <p>{\`Signed in as \${session?.user?.email ?? "nobody"}\`}</p>
}
`,
  "app/guarded/route.js": `export const dynamic = "force-dynamic"

export function GET() {
  return new Response("ok")
}
`,
  "app/api/auth/[...nextauth]/route.js": `import { handlers } from "../../../../auth.js"

export const { GET, POST } = handlers
`,
}

/** The files of the bare app that differ from {@link TEMPLATE}. */
const BARE: Record<string, string> = {
  "proxy.js": `import { NextResponse } from "next/server"

export function proxy() {
  return NextResponse.next()
}

export const config = { matcher: ["/guarded", "/guarded.txt"] }
`,
  "app/page.jsx": `import { cookies, headers } from "next/headers"

export default async function Home() {
  await headers()
  await cookies()
  return <p>{"Signed in as nobody"}</p>
}
`,
}

/** A build's files, `PKG` standing for the package. */
function filesOf(side: NextBuild): Record<string, string> {
  return side === "bare" ? { ...TEMPLATE, ...BARE } : TEMPLATE
}

/** Where a build is made. */
export function appDir(side: NextBuild): string {
  return join(CACHE_DIR, `nextjs-${side}`)
}

/** Why our side cannot be built (our package is not), or `undefined`. */
export function oursUnavailable(): string | undefined {
  return existsSync(join(REPOSITORY, "packages/nextjs/dist/index.js"))
    ? undefined
    : "packages/nextjs is not built (pnpm build)"
}

/**
 * Writes a side's app and builds it, unless the build there was made from the same files and
 * (ours) the same package builds.
 *
 * @throws {Error} when `next build` fails
 */
export function buildApp(side: NextBuild): void {
  const dir = appDir(side)
  const stamp = buildStamp(side)
  const stampFile = join(dir, ".next", "bench-stamp")
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return
  for (const [file, contents] of Object.entries(filesOf(side))) {
    const path = join(dir, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, contents.replaceAll("PKG", PACKAGE[side]))
  }
  // webpack: it resolves `next` to the app's own copy wherever it is imported from, and our
  // workspace package has its own copy of Next.js (Turbopack would bundle both).
  const result = spawnSync(process.execPath, [nextBinOf(dir), "build", "--webpack"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  })
  if (result.status !== 0) throw new Error(`next build of the ${side} app failed.`)
  writeFileSync(stampFile, stamp)
}

/** What a build is made from: its files, and on our package the newest file of our builds. */
function buildStamp(side: NextBuild): string {
  const hash = createHash("sha256").update(JSON.stringify([side, filesOf(side)]))
  if (side !== "authjs") {
    for (const build of OUR_BUILDS) hash.update(String(newestIn(join(REPOSITORY, build))))
  }
  return hash.digest("hex")
}

function newestIn(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** Serves a side's build (the shape the SvelteKit rows load, so their loader serves both). */
export async function startApp(side: NextSide): Promise<KitServer> {
  const server = await startNextServer({ dir: appDir(side), host: "127.0.0.1" })
  return { side, url: server.baseUrl, stop: () => server.close() }
}

/**
 * Checks a side before it is timed: the page shows the session, the proxy lets the session
 * through, re-issues a cookie two days old (sliding expiry: both packages do) and sends a
 * request without one to the sign-in page.
 */
export async function verifyApp(server: KitServer, cookie: string): Promise<void> {
  const page = await fetch(`${server.url}/`, { headers: { cookie } })
  if (page.status !== 200 || !(await page.text()).includes(`Signed in as ${USER.email}`)) {
    throw new Error(`${server.side}: the page did not show the session (${page.status}).`)
  }
  for (const path of ["/guarded", "/guarded.txt"]) {
    for (const sessionCookie of [cookie, await authjsSessionCookie(2)]) {
      const guarded = await fetch(`${server.url}${path}`, { headers: { cookie: sessionCookie } })
      if (guarded.status !== 200 || (await guarded.text()) !== "ok") {
        throw new Error(
          `${server.side}: the proxy did not let the session through to ${path} (${guarded.status}).`,
        )
      }
      if (sessionCookie !== cookie && !reissues(guarded)) {
        throw new Error(`${server.side}: the proxy did not re-issue a session cookie 2 days old.`)
      }
    }
    const anonymous = await fetch(`${server.url}${path}`, { redirect: "manual" })
    if (anonymous.status < 300 || anonymous.status >= 400) {
      throw new Error(`${server.side}: the proxy let a request without a session to ${path}.`)
    }
  }
}

/** Whether a response re-issues the session cookie. */
export function reissues(response: Response): boolean {
  return response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))
}
