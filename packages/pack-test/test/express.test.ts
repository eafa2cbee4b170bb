/**
 * fixtures/express: an Express 5 app written as Auth.js's @auth/express documentation shows
 * (ExpressAuth mounted with the docs' wildcard, `getSession` in a middleware filling
 * `res.locals.session`, a protected route, providers inferred from the environment, an optional
 * PostgreSQL adapter), on our packed packages. It type-checks, starts with Node (its TypeScript
 * run as is: Node 22.18 or later, as the workspace's Node 24) and answers over HTTP as it did on
 * Auth.js.
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
  locationPath,
  send,
  signInWithCredentials,
} from "./support/http.js"
import { fixtureDir } from "./support/packed-app.js"
import { cleanEnv, type RunningServer, runCommand, startServer } from "./support/processes.js"

describe("an Express 5 app written for Auth.js's @auth/express", () => {
  const dir = fixtureDir(inject("packedApp"), "express")

  it("type-checks with tsc --noEmit (strict, nodenext)", async () => {
    const tsc = binOf(dir, "typescript", "tsc")
    const { code, output } = await runCommand(process.execPath, [tsc, "-p", "tsconfig.json"], {
      cwd: dir,
      env: cleanEnv(),
      timeoutMs: 120_000,
    })
    expect(output).toBe("")
    expect(code).toBe(0)
  })

  describe("started with node", () => {
    let server: RunningServer | undefined
    let routes: AuthRoutes
    const jar = new CookieJar()

    beforeAll(async () => {
      server = await startServer(process.execPath, ["src/server.ts"], {
        cwd: dir,
        env: cleanEnv({ ...deployedEnv(), AUTH_TRUST_HOST: "true", PORT: "0" }),
        ready: /Listening on http:\/\/localhost:(\d+)/,
        timeoutMs: 60_000,
      })
      routes = { origin: `http://127.0.0.1:${server.ready[1]}`, basePath: "/auth" }
    })

    afterAll(async () => {
      await server?.stop()
    })

    it("lists only the configured providers; Google, without its variables, is left out with one warning", async () => {
      const response = await send(jar, `${routes.origin}/auth/providers`)
      expect(response.status).toBe(200)
      const providers = (await response.json()) as Record<
        string,
        { type: string; callbackUrl: string }
      >
      expect(Object.keys(providers)).toEqual(["github", "credentials"])
      expect(providers.credentials?.callbackUrl).toBe(`${routes.origin}/auth/callback/credentials`)
      const warnings = authWarnings(server?.output() ?? "")
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('"google"')
    })

    it("answers /auth/csrf with a token as JSON", async () => {
      const response = await send(jar, `${routes.origin}/auth/csrf`)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^application\/json/)
      expect((await response.json()) as unknown).toEqual({
        csrfToken: expect.stringMatching(/^\w{32,}$/),
      })
    })

    it("sends a signed-out visitor of the protected route to sign in", async () => {
      const session = await send(jar, `${routes.origin}/auth/session`)
      expect((await session.json()) as unknown).toBeNull()
      const response = await send(jar, `${routes.origin}/protected`)
      expect(response.status).toBe(302)
      expect(locationPath(response, routes.origin)).toBe("/auth/signin?callbackUrl=%2Fprotected")
    })

    it("turns a wrong password back to the sign-in page without a session", async () => {
      const response = await signInWithCredentials(routes, new CookieJar(), {
        ...DEMO_USER,
        password: "wrong",
        callbackUrl: "/protected",
      })
      expect(response.status).toBe(302)
      expect(locationPath(response, routes.origin)).toBe(
        "/auth/signin?error=CredentialsSignin&code=credentials",
      )
      expect(response.headers.getSetCookie().join()).not.toContain(SESSION_COOKIE)
    })

    it("signs in with credentials: a session cookie, /auth/session, res.locals.session and the protected route", async () => {
      const signIn = await signInWithCredentials(routes, jar, {
        ...DEMO_USER,
        callbackUrl: "/protected",
      })
      expect(signIn.status).toBe(302)
      expect(locationPath(signIn, routes.origin)).toBe("/protected")
      expect(jar.get(SESSION_COOKIE)).toBeTruthy()

      const session = await send(jar, `${routes.origin}/auth/session`)
      expect((await session.json()) as unknown).toMatchObject({
        user: { name: "Ada Lovelace", email: DEMO_USER.email },
        expires: expect.any(String),
      })
      const home = await send(jar, `${routes.origin}/`)
      expect(await home.text()).toBe(`Signed in as ${DEMO_USER.email}`)
      const protectedRoute = await send(jar, `${routes.origin}/protected`)
      expect(protectedRoute.status).toBe(200)
      expect((await protectedRoute.json()) as unknown).toMatchObject({
        session: { user: { email: DEMO_USER.email } },
      })
    })

    it("signs out with the CSRF token: the cookie is cleared and the protected route redirects again", async () => {
      const csrf = await send(jar, `${routes.origin}/auth/csrf`)
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const signOut = await send(jar, `${routes.origin}/auth/signout`, {
        form: { csrfToken, callbackUrl: "/" },
      })
      expect(signOut.status).toBe(302)
      expect(locationPath(signOut, routes.origin)).toBe("/")
      expect(jar.get(SESSION_COOKIE)).toBeUndefined()
      const response = await send(jar, `${routes.origin}/protected`)
      expect(response.status).toBe(302)
      const home = await send(jar, `${routes.origin}/`)
      expect(await home.text()).toBe("Signed out")
    })
  })
})
