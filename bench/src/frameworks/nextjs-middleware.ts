/**
 * The middleware's own cost, in process: `auth` as Next.js calls a middleware or `proxy.ts`,
 * `auth(request, event)` with a JWT session cookie, ours against next-auth 5.0.0-beta.32, both
 * as Node.js loads them (what a `proxy.ts` on the Node.js runtime runs) and with the same config.
 * Over HTTP, Next.js's own routing and response handling take most of the time; this is what
 * the package adds.
 */
import { NextRequest } from "next/server.js"
import { SECRET } from "../fixtures.js"
import { authjsSessionCookie } from "../targets.js"
import type { Runner } from "../workloads.js"
import { type NextSide, reissues } from "./nextjs-app.js"

const PACKAGE: Record<NextSide, string> = { ours: "next-auth", authjs: "next-auth-beta" }
const ORIGIN = "http://127.0.0.1:3000"

type Middleware = (request: NextRequest, event: unknown) => Promise<Response>

/** The middleware of one side, with the bench app's config. */
async function loadMiddleware(side: NextSide): Promise<Middleware> {
  const [{ default: NextAuth }, { default: Credentials }] = (await Promise.all([
    import(PACKAGE[side]),
    import(`${PACKAGE[side]}/providers/credentials`),
  ])) as [
    { default: (config: unknown) => { auth: Middleware } },
    { default: (options: unknown) => unknown },
  ]
  return NextAuth({
    secret: SECRET,
    trustHost: true,
    providers: [Credentials({ credentials: {}, authorize: () => null })],
    callbacks: { authorized: ({ auth }: { auth: unknown }) => Boolean(auth) },
  }).auth
}

/** A request as `next start` hands it to middleware: with the `X-Forwarded-*` it adds. */
function guardedRequest(cookie?: string): NextRequest {
  const host = new URL(ORIGIN).host
  const headers: Record<string, string> = {
    host,
    "x-forwarded-host": host,
    "x-forwarded-proto": "http",
    "x-forwarded-port": "3000",
  }
  if (cookie) headers.cookie = cookie
  return new NextRequest(`${ORIGIN}/guarded`, { headers })
}

/** Whether a middleware response lets the request through. */
function passed(response: Response): boolean {
  return response.headers.get("x-middleware-next") === "1"
}

/**
 * Ours and next-auth's middleware, each checked once and ready to time on a session signed in
 * less than a day ago (next-auth re-issues its cookie on every request; ours once a day, when
 * `session.updateAge` has passed: the check makes sure both re-issue a cookie 2 days old).
 */
export async function prepareMiddlewareRunners(): Promise<[Runner, Runner]> {
  const cookie = await authjsSessionCookie()
  const stale = await authjsSessionCookie(2)
  const runners = await Promise.all(
    (["ours", "authjs"] as const).map(async (side): Promise<Runner> => {
      const middleware = await loadMiddleware(side)
      return {
        async op() {
          const response = await middleware(guardedRequest(cookie), {})
          if (!passed(response)) throw new Error(`${side}: the session did not pass.`)
        },
        async verify() {
          const fresh = await middleware(guardedRequest(cookie), {})
          const old = await middleware(guardedRequest(stale), {})
          const refused = await middleware(guardedRequest(), {})
          const guards = passed(fresh) && passed(old) && reissues(old)
          if (!guards || refused.status < 300 || refused.status >= 400) {
            throw new Error(`${side}: the middleware did not guard /guarded as configured.`)
          }
        },
      }
    }),
  )
  return runners as [Runner, Runner]
}
