/**
 * fixtures/nextjs: a Next.js 16 App Router app written as Auth.js's next-auth v5 documentation
 * shows (`auth.ts` exporting `handlers`, `auth`, `signIn`, `signOut`; the route handler; a route
 * handler wrapped in `auth()`; the edge middleware on the adapter-free half of the config; a
 * Server Component calling `auth()`; server actions calling `signIn` and `signOut`;
 * `SessionProvider` and `useSession`; a passkey provider on `@auth/pg-adapter` with PGlite), on
 * our packed packages and Next.js from npm. `next build` (with its type check), then
 * `next start`, probed over HTTP.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import {
  authWarnings,
  binOf,
  DEMO_USER,
  deployedEnv,
  SESSION_COOKIE,
} from "./support/fixture-env.js"
import {
  type AuthRoutes,
  CookieJar,
  type HtmlForm,
  htmlForms,
  locationPath,
  send,
  signInWithCredentials,
} from "./support/http.js"
import { fixtureDir } from "./support/packed-app.js"
import {
  cleanEnv,
  freePort,
  type RunningServer,
  runCommand,
  startServer,
} from "./support/processes.js"
import { scaled } from "./support/timeouts.js"

const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: "1" }

describe("a Next.js 16 App Router app written for Auth.js's next-auth v5", () => {
  const dir = fixtureDir(inject("packedApp"), "nextjs")
  const next = binOf(dir, "next", "next")
  let built = false

  it(
    "builds with next build, its type check included",
    async () => {
      const { code, output } = await runCommand(process.execPath, [next, "build"], {
        cwd: dir,
        env: cleanEnv({ ...NEXT_ENV, NODE_ENV: "production" }),
        timeoutMs: 540_000,
      })
      expect(output).toContain("Next.js 16.")
      expect(output).toContain("Running TypeScript")
      expect(code, output).toBe(0)
      built = true
    },
    scaled(600_000),
  )

  describe("started with next start", () => {
    let server: RunningServer | undefined
    let routes: AuthRoutes
    const jar = new CookieJar()

    beforeAll(async () => {
      if (!built) {
        throw new Error("next build failed (see the test above): there is nothing to start.")
      }
      const port = await freePort()
      server = await startServer(
        process.execPath,
        [next, "start", "--hostname", "127.0.0.1", "--port", String(port)],
        {
          cwd: dir,
          env: cleanEnv({ ...deployedEnv(), ...NEXT_ENV, AUTH_TRUST_HOST: "true" }),
          ready: /Ready in/,
          timeoutMs: 60_000,
        },
      )
      routes = { origin: `http://127.0.0.1:${port}`, basePath: "/api/auth" }
    })

    afterAll(async () => {
      await server?.stop()
    })

    it("lists only the configured providers; Google, without its variables, is left out with a warning", async () => {
      const response = await send(jar, `${routes.origin}/api/auth/providers`)
      expect(response.status).toBe(200)
      const providers = (await response.json()) as Record<string, { type: string }>
      expect(Object.keys(providers)).toEqual(["github", "credentials", "passkey"])
      expect(providers.passkey?.type).toBe("webauthn")
      // One warning per NextAuth() config that meets requests (the middleware has its own).
      const warnings = authWarnings(server?.output() ?? "")
      expect(warnings.length).toBeGreaterThan(0)
      for (const warning of warnings) {
        expect(warning).toContain('"google"')
        expect(warning).not.toContain('"github"')
      }
    })

    it("answers /api/auth/csrf with a token as JSON", async () => {
      const response = await send(jar, `${routes.origin}/api/auth/csrf`)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^application\/json/)
      expect((await response.json()) as unknown).toEqual({
        csrfToken: expect.stringMatching(/^\w{32,}$/),
      })
    })

    it("keeps signed-out visitors out: the middleware, the wrapped route handler, the pages", async () => {
      const session = await send(jar, `${routes.origin}/api/auth/session`)
      expect((await session.json()) as unknown).toBeNull()
      const dashboard = await send(jar, `${routes.origin}/dashboard`)
      expect(dashboard.status).toBe(307)
      expect(locationPath(dashboard, routes.origin)).toBe(
        "/api/auth/signin?callbackUrl=%2Fdashboard",
      )
      const me = await send(jar, `${routes.origin}/api/me`)
      expect(me.status).toBe(401)
      const home = await (await send(jar, `${routes.origin}/`)).text()
      expect(home).toContain("The client sees status unauthenticated")
      expect(serverActionForm(home)?.hidden).toMatchObject({ redirectTo: "/dashboard" })
    })

    it("offers passkey registration from the adapter on PGlite", async () => {
      const url = `${routes.origin}/api/auth/webauthn-options/passkey?action=register&email=grace%40example.test`
      const response = await send(new CookieJar(), url)
      expect(response.status).toBe(200)
      expect((await response.json()) as unknown).toMatchObject({
        action: "register",
        options: { challenge: expect.any(String), user: { name: "grace@example.test" } },
      })
    })

    it("signs in through the API: the session cookie, /api/auth/session, auth() in a Server Component, the wrapped handler and useSession", async () => {
      const signIn = await signInWithCredentials(routes, jar, {
        ...DEMO_USER,
        callbackUrl: "/dashboard",
      })
      expect(signIn.status).toBe(302)
      expect(locationPath(signIn, routes.origin)).toBe("/dashboard")
      expect(jar.get(SESSION_COOKIE)).toBeTruthy()

      const session = await send(jar, `${routes.origin}/api/auth/session`)
      expect((await session.json()) as unknown).toMatchObject({
        user: { name: "Ada Lovelace", email: DEMO_USER.email },
      })
      const dashboard = await send(jar, `${routes.origin}/dashboard`)
      expect(dashboard.status).toBe(200)
      expect(await dashboard.text()).toContain(`Dashboard of ${DEMO_USER.email}`)
      const me = await send(jar, `${routes.origin}/api/me`)
      expect(me.status).toBe(200)
      expect((await me.json()) as unknown).toMatchObject({ user: { email: DEMO_USER.email } })
      const home = await (await send(jar, `${routes.origin}/`)).text()
      expect(home).toContain(`Signed in as ${DEMO_USER.email}`)
      expect(home).toContain(`The client sees ${DEMO_USER.email}`)
    })

    it("signs out with the signOut() server action, posted as a form without JavaScript", async () => {
      const home = await (await send(jar, `${routes.origin}/`)).text()
      expect(home).toContain(`Signed in as ${DEMO_USER.email}`)
      const response = await submitServerAction(jar, routes.origin, home, {})
      expect(response.status).toBe(303)
      expect(locationPath(response, routes.origin)).toBe("/")
      expect(jar.get(SESSION_COOKIE)).toBeUndefined()
      const session = await send(jar, `${routes.origin}/api/auth/session`)
      expect((await session.json()) as unknown).toBeNull()
    })

    it("signs in with the signIn('credentials', formData) server action", async () => {
      const home = await (await send(jar, `${routes.origin}/`)).text()
      const response = await submitServerAction(jar, routes.origin, home, { ...DEMO_USER })
      expect(response.status).toBe(303)
      expect(locationPath(response, routes.origin)).toBe("/dashboard")
      expect(jar.get(SESSION_COOKIE)).toBeTruthy()
      const dashboard = await send(jar, `${routes.origin}/dashboard`)
      expect(dashboard.status).toBe(200)
      expect(await dashboard.text()).toContain(`Dashboard of ${DEMO_USER.email}`)
    })
  })
})

/** The page's form bound to a server action: React renders its id as a hidden field. */
function serverActionForm(html: string): HtmlForm | undefined {
  return htmlForms(html).find((form) =>
    Object.keys(form.hidden).some((name) => name.startsWith("$ACTION_ID_")),
  )
}

/**
 * Submits the page's server-action form as a browser without JavaScript does: a multipart post
 * of its hidden fields and the typed ones to the page, from the page's origin. Next.js runs the
 * action and answers its `redirect()` with a 303.
 */
function submitServerAction(
  jar: CookieJar,
  origin: string,
  html: string,
  typed: Record<string, string>,
): Promise<Response> {
  const form = serverActionForm(html)
  if (!form) throw new Error(`No server-action form on the page:\n${html}`)
  const body = new FormData()
  for (const [name, value] of Object.entries({ ...form.hidden, ...typed })) body.set(name, value)
  return send(jar, new URL(form.action, `${origin}/`).href, { form: body, headers: { origin } })
}
