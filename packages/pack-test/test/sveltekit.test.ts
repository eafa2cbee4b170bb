/**
 * fixtures/sveltekit: a SvelteKit 2 app (Svelte 5, adapter-node) written as Auth.js's
 * @auth/sveltekit documentation shows (`SvelteKitAuth` in `src/auth.ts`, the hook re-exported,
 * the session from `locals.auth()` in the root layout, the `SignIn` / `SignOut` components with a
 * Svelte 4 named slot and Svelte 5 snippets, `signIn` / `signOut` as form actions), on our packed
 * package and SvelteKit from npm. svelte-check and `vite build`, then `node build`, probed over
 * HTTP.
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

describe("a SvelteKit 2 app (Svelte 5, adapter-node) written for Auth.js's @auth/sveltekit", () => {
  const dir = fixtureDir(inject("packedApp"), "sveltekit")
  let built = false

  it("passes svelte-check with 0 errors", async () => {
    const sync = await runCommand(
      process.execPath,
      [binOf(dir, "@sveltejs/kit", "svelte-kit"), "sync"],
      { cwd: dir, env: cleanEnv(), timeoutMs: 60_000 },
    )
    expect(sync.code, sync.output).toBe(0)
    const check = await runCommand(
      process.execPath,
      [binOf(dir, "svelte-check", "svelte-check"), "--tsconfig", "./tsconfig.json"],
      { cwd: dir, env: cleanEnv(), timeoutMs: 180_000 },
    )
    expect(check.output).toContain("svelte-check found 0 errors")
    expect(check.code, check.output).toBe(0)
  })

  it("builds with vite build and adapter-node", async () => {
    const { code, output } = await runCommand(
      process.execPath,
      [binOf(dir, "vite", "vite"), "build"],
      { cwd: dir, env: cleanEnv({ NODE_ENV: "production" }), timeoutMs: 240_000 },
    )
    expect(output).toContain("Using @sveltejs/adapter-node")
    expect(code, output).toBe(0)
    built = true
  })

  describe("started with node build", () => {
    let server: RunningServer | undefined
    let routes: AuthRoutes
    const jar = new CookieJar()

    beforeAll(async () => {
      if (!built) {
        throw new Error("vite build failed (see the test above): there is nothing to start.")
      }
      const port = await freePort()
      const origin = `http://127.0.0.1:${port}`
      server = await startServer(process.execPath, ["build"], {
        cwd: dir,
        env: cleanEnv({ ...deployedEnv(), HOST: "127.0.0.1", PORT: String(port), ORIGIN: origin }),
        ready: /Listening on/,
        timeoutMs: 60_000,
      })
      routes = { origin, basePath: "/auth" }
    })

    afterAll(async () => {
      await server?.stop()
    })

    it("lists only the configured providers; Google, without its variables, is left out with one warning", async () => {
      const response = await send(jar, `${routes.origin}/auth/providers`)
      expect(response.status).toBe(200)
      const providers = (await response.json()) as Record<string, { callbackUrl: string }>
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

    it("renders the sign-in components for a signed-out visitor and keeps the dashboard closed", async () => {
      const session = await send(jar, `${routes.origin}/auth/session`)
      expect((await session.json()) as unknown).toBeNull()
      const dashboard = await send(jar, `${routes.origin}/dashboard`)
      expect(dashboard.status).toBe(303)
      expect(locationPath(dashboard, routes.origin)).toBe("/auth/signin?callbackUrl=/dashboard")

      const home = await (await send(jar, `${routes.origin}/`)).text()
      const forms = htmlForms(home)
      expect(forms.map((form) => form.hidden.providerId)).toEqual(["github", "credentials"])
      expect(home).toContain("Sign in with GitHub") // the Svelte 4 slot
      expect(home).toContain("Sign in with a password") // the Svelte 5 snippet
      expect(home).toMatch(/<input name="password" type="password"\s*\/?>/)
    })

    it("turns a wrong password back to the sign-in page without a session", async () => {
      const response = await signInWithCredentials(
        routes,
        new CookieJar(),
        { ...DEMO_USER, password: "wrong", callbackUrl: "/dashboard" },
        { origin: routes.origin },
      )
      expect(response.status).toBe(302)
      expect(locationPath(response, routes.origin)).toBe(
        "/auth/signin?error=CredentialsSignin&code=credentials",
      )
      expect(response.headers.getSetCookie().join()).not.toContain(SESSION_COOKIE)
    })

    it("signs in through the API: the session cookie, /auth/session, locals.auth() in the layout and a load function", async () => {
      const signIn = await signInWithCredentials(
        routes,
        jar,
        { ...DEMO_USER, callbackUrl: "/dashboard" },
        { origin: routes.origin },
      )
      expect(signIn.status).toBe(302)
      expect(locationPath(signIn, routes.origin)).toBe("/dashboard")
      expect(jar.get(SESSION_COOKIE)).toBeTruthy()

      const session = await send(jar, `${routes.origin}/auth/session`)
      expect((await session.json()) as unknown).toMatchObject({
        user: { name: "Ada Lovelace", email: DEMO_USER.email },
      })
      const dashboard = await send(jar, `${routes.origin}/dashboard`)
      expect(dashboard.status).toBe(200)
      expect(await dashboard.text()).toContain(`Dashboard of ${DEMO_USER.email}`)
      const home = await (await send(jar, `${routes.origin}/`)).text()
      expect(home).toContain(`Signed in as ${DEMO_USER.email}`)
    })

    it("signs out with the SignOut component's form and the signOut form action", async () => {
      const home = await (await send(jar, `${routes.origin}/`)).text()
      const [signOutForm] = htmlForms(home)
      expect(signOutForm?.hidden).toMatchObject({ redirectTo: "/" })
      const response = await submitForm(jar, routes.origin, signOutForm, {})
      expect(response.status).toBe(303)
      expect(locationPath(response, routes.origin)).toBe("/")
      expect(jar.get(SESSION_COOKIE)).toBeUndefined()
      const session = await send(jar, `${routes.origin}/auth/session`)
      expect((await session.json()) as unknown).toBeNull()
    })

    it("signs in with the SignIn component's form and the signIn form action", async () => {
      const home = await (await send(jar, `${routes.origin}/`)).text()
      const credentialsForm = htmlForms(home).find(
        (form) => form.hidden.providerId === "credentials",
      )
      const response = await submitForm(jar, routes.origin, credentialsForm, { ...DEMO_USER })
      expect(response.status).toBe(303)
      expect(locationPath(response, routes.origin)).toBe("/dashboard")
      expect(jar.get(SESSION_COOKIE)).toBeTruthy()
      const dashboard = await send(jar, `${routes.origin}/dashboard`)
      expect(dashboard.status).toBe(200)
    })
  })
})

/**
 * Submits a form of the home page as a browser without JavaScript does: its hidden fields and
 * the typed ones, urlencoded, to its action resolved against the page, from the page's origin
 * (SvelteKit refuses cross-site form posts), asking for HTML (else SvelteKit answers the
 * enhanced form's JSON).
 */
function submitForm(
  jar: CookieJar,
  origin: string,
  form: HtmlForm | undefined,
  typed: Record<string, string>,
): Promise<Response> {
  if (!form) throw new Error("The form is not on the page.")
  return send(jar, new URL(form.action, `${origin}/`).href, {
    form: { ...form.hidden, ...typed },
    headers: { origin, accept: "text/html" },
  })
}
