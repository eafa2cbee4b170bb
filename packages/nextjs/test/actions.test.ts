import { MissingCSRF } from "@auth/core/errors"
import { beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { CredentialsSignin } from "../src/index.js"
import { serverRequest, startServerRequest } from "./server-request.js"
import { ORIGIN, PASSWORD, signInThroughHandlers, testConfig, USER } from "./support.js"

vi.mock("next/headers.js", async () => (await import("./server-request.js")).nextHeadersModule)

const HOST = new URL(ORIGIN).host

/** A server action's request: Next.js posts it with a `Next-Action` header (the action's id). */
const ACTION = { "next-action": "7f00a1b2c3" }

beforeEach(() => startServerRequest({ host: HOST, referer: `${ORIGIN}/from-here`, ...ACTION }))

/** Runs an action that should call Next.js's `redirect()`; returns where it redirected. */
async function redirectOf(action: () => Promise<unknown>): Promise<string> {
  try {
    await action()
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) {
      return digest.split(";")[2] ?? ""
    }
    throw error
  }
  throw new Error("The action did not redirect.")
}

function sessionCookieSet() {
  return serverRequest.set.find((cookie) => cookie.name === "authjs.session-token")
}

describe("signIn", () => {
  it("signs in with credentials from a form and redirects to redirectTo", async () => {
    const { signIn, auth } = NextAuth(testConfig().config)
    const form = new FormData()
    form.set("username", "ada")
    form.set("password", PASSWORD)
    form.set("redirectTo", "/dashboard")
    form.set("$ACTION_ID_abc", "")
    expect(await redirectOf(() => signIn("credentials", form))).toBe(`${ORIGIN}/dashboard`)
    expect(sessionCookieSet()?.options).toMatchObject({
      httpOnly: true,
      path: "/",
      sameSite: "lax",
    })
    // Later reads in the same request (the page rendered after the action) see the session.
    expect(await auth()).toMatchObject({ user: { email: USER.email } })
  })

  it("throws CredentialsSignin for a wrong password, setting no session", async () => {
    const { signIn } = NextAuth(testConfig().config)
    await expect(
      signIn("credentials", { username: "ada", password: "wrong", redirectTo: "/" }),
    ).rejects.toBeInstanceOf(CredentialsSignin)
    expect(sessionCookieSet()).toBeUndefined()
  })

  it('returns the URL with redirect: false (also from a form\'s "false")', async () => {
    const { signIn } = NextAuth(testConfig().config)
    const url = await signIn("credentials", {
      username: "ada",
      password: PASSWORD,
      redirect: false,
      redirectTo: "/after",
    })
    expect(url).toBe(`${ORIGIN}/after`)
    const form = new FormData()
    form.set("redirect", "false")
    expect(await signIn(undefined, form)).toBe(
      `${ORIGIN}/api/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/from-here`)}`,
    )
  })

  it.each([
    "https://evil.example/steal",
    "//evil.example/steal",
    "/\\evil.example/steal",
    "javascript:alert(1)",
  ])("keeps a hostile redirectTo (%s) on the app's origin", async (redirectTo) => {
    const { signIn } = NextAuth(testConfig().config)
    const target = await redirectOf(() =>
      signIn("credentials", { username: "ada", password: PASSWORD, redirectTo }),
    )
    expect(new URL(target).origin).toBe(ORIGIN)
  })

  it("goes to the sign-in page without a provider, or with one the config lacks", async () => {
    const { signIn } = NextAuth(testConfig().config)
    const page = `${ORIGIN}/api/auth/signin?callbackUrl=%2Fx`
    expect(await redirectOf(() => signIn(undefined, { redirectTo: "/x" }))).toBe(page)
    expect(await redirectOf(() => signIn("github", { redirectTo: "/x" }))).toBe(page)
  })

  it("returns to the page it was called from by default", async () => {
    const { signIn } = NextAuth(testConfig().config)
    const target = await redirectOf(() =>
      signIn("credentials", { username: "ada", password: PASSWORD }),
    )
    expect(target).toBe(`${ORIGIN}/from-here`)
  })
})

describe("signOut", () => {
  it("clears the session and redirects", async () => {
    const { signOut, handlers, auth } = NextAuth(testConfig().config)
    startServerRequest({ host: HOST, cookie: await signInThroughHandlers(handlers), ...ACTION })
    expect(await auth()).not.toBeNull()
    expect(await redirectOf(() => signOut({ redirectTo: "/bye" }))).toBe(`${ORIGIN}/bye`)
    expect(sessionCookieSet()?.value).toBe("")
    expect(await auth()).toBeNull()
  })

  it("returns the result with redirect: false", async () => {
    const { signOut } = NextAuth(testConfig().config)
    expect(await signOut({ redirect: false, redirectTo: "/bye" })).toMatchObject({
      redirect: `${ORIGIN}/bye`,
    })
  })
})

describe("unstable_update / updateSession", () => {
  it("updates the session through the jwt callback and sets the new cookie", async () => {
    const { config } = testConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" ? { ...token, name: (session as { name: string }).name } : token,
      },
    })
    const { handlers, unstable_update, updateSession, auth } = NextAuth(config)
    expect(updateSession).toBe(unstable_update)
    startServerRequest({ host: HOST, cookie: await signInThroughHandlers(handlers), ...ACTION })
    expect(await unstable_update({ name: "Grace" } as never)).toMatchObject({
      user: { name: "Grace" },
    })
    expect(sessionCookieSet()).toBeDefined()
    expect(await auth()).toMatchObject({ user: { name: "Grace" } })
  })

  it("is null without a session", async () => {
    const { unstable_update } = NextAuth(testConfig().config)
    expect(await unstable_update({ user: { name: "X" } })).toBeNull()
  })
})

// Issue 24: outside a server action (a Server Component, a GET route handler such as a
// `/logout` link) any site could trigger these with the user's cookies.
describe("outside a server action or a request with a body", () => {
  async function signedInGet() {
    const { config } = testConfig()
    const next = NextAuth(config)
    startServerRequest({ host: HOST, cookie: await signInThroughHandlers(next.handlers) })
    return next
  }

  it("signIn, signOut and unstable_update throw MissingCSRF and set no cookie", async () => {
    const { signIn, signOut, unstable_update, auth } = await signedInGet()
    await expect(
      signIn("credentials", { username: "ada", password: PASSWORD, redirectTo: "/" }),
    ).rejects.toBeInstanceOf(MissingCSRF)
    await expect(signOut({ redirectTo: "/bye" })).rejects.toBeInstanceOf(MissingCSRF)
    await expect(unstable_update({ user: { name: "Mallory" } })).rejects.toBeInstanceOf(MissingCSRF)
    expect(serverRequest.set).toEqual([])
    expect(await auth()).toMatchObject({ user: { name: USER.name } })
  })

  it("still sends to the sign-in page without a provider (nothing changes)", async () => {
    const { signIn } = await signedInGet()
    expect(await redirectOf(() => signIn(undefined, { redirectTo: "/x" }))).toBe(
      `${ORIGIN}/api/auth/signin?callbackUrl=%2Fx`,
    )
  })

  it("signs out in a POST route handler: a request with a body", async () => {
    const { signOut, handlers } = NextAuth(testConfig().config)
    const cookie = await signInThroughHandlers(handlers)
    startServerRequest({ host: HOST, cookie, "content-length": "0" })
    expect(await redirectOf(() => signOut({ redirectTo: "/bye" }))).toBe(`${ORIGIN}/bye`)
    expect(sessionCookieSet()?.value).toBe("")
  })
})
