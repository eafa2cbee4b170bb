/**
 * Redirect targets through `Auth()`: returned exactly as the app (or Auth.js's default rule)
 * gave them, checked with the URL parser, never thrown past `Auth()`.
 */
import { describe, expect, it, vi } from "vitest"
import { Auth } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET, setCookies } from "./support/client.js"

const ORIGIN = "http://localhost:3000"

function appWith(overrides: Partial<AuthConfig> = {}) {
  const log = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: log.logger,
    providers: [Credentials({ authorize: () => DEMO_USER })],
    ...overrides,
  }
  return { client: new AuthClient(config), log, config }
}

/** Signs in with a `callbackUrl` and returns the redirect's `Location`. */
async function signInTo(client: AuthClient, callbackUrl?: string): Promise<string | null> {
  const csrfToken = await client.csrfToken()
  const fields: Record<string, string> = { csrfToken }
  if (callbackUrl !== undefined) fields.callbackUrl = callbackUrl
  const response = await client.postForm("/callback/credentials", fields)
  expect(response.status).toBe(302)
  return response.headers.get("location")
}

/** An app whose `redirect` callback returns `target`, whatever it is asked. */
function redirectingTo(target: string) {
  return appWith({ callbacks: { redirect: () => target } })
}

describe("same-origin targets come back as given", () => {
  it.each([ORIGIN, `${ORIGIN}?tab=1`, `${ORIGIN}/a/../b`, "HTTP://LOCALHOST:3000/Case"])(
    "%s",
    async (callbackUrl) => {
      expect(await signInTo(appWith().client, callbackUrl)).toBe(callbackUrl)
    },
  )

  it("joins a path to the origin as given", async () => {
    expect(await signInTo(appWith().client, "/a/./b?x=1#y")).toBe(`${ORIGIN}/a/./b?x=1#y`)
  })

  it("without a callbackUrl, the origin, as the JSON url of a client-side sign-in", async () => {
    const { client } = appWith()
    const csrfToken = await client.csrfToken()
    const response = await client.postForm(
      "/callback/credentials",
      { csrfToken },
      { "X-Auth-Return-Redirect": "1" },
    )
    expect(await response.json()).toEqual({ url: ORIGIN })
  })

  it("leaves the callback-url cookie alone when its value is already the target", async () => {
    const { client } = appWith()
    client.jar.set("authjs.callback-url", ORIGIN)
    const page = await client.get("/signin")
    expect(setCookies(page).map((cookie) => cookie.name)).not.toContain("authjs.callback-url")
  })

  it("hands a redirect callback back the value it returned, so `url === baseUrl` holds", async () => {
    const seen: boolean[] = []
    const { client } = appWith({
      callbacks: {
        redirect: ({ url, baseUrl }) => {
          seen.push(url === baseUrl)
          return url
        },
      },
    })
    await client.get(`/signin?callbackUrl=${encodeURIComponent(ORIGIN)}`)
    expect(client.jar.get("authjs.callback-url")).toBe(ORIGIN)
    expect(await signInTo(client)).toBe(ORIGIN)
    expect(seen).toEqual([true, true])
  })
})

describe("the default rule falls back to the origin", () => {
  it.each(["not a url", "foo", "%zz", "//evil.example", "/\\evil.example", "https://evil.example"])(
    "for %j",
    async (callbackUrl) => {
      expect(await signInTo(appWith().client, callbackUrl)).toBe(ORIGIN)
    },
  )
})

describe("a custom redirect callback", () => {
  it.each([
    "myapp://signed-in",
    "com.example.app:/oauth2redirect",
    "https://partner.example/welcome",
    "/dashboard?x=1",
    "dashboard",
  ])("is honoured when it returns %j", async (target) => {
    expect(await signInTo(redirectingTo(target).client, "/x")).toBe(target)
  })

  it.each([
    "/\\evil.example",
    "\\\\evil.example",
    "//evil.example",
    " /\\evil.example",
    "/\\\\evil.example/path",
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "bad\nvalue",
    "",
  ])("falls back to the origin for %j", async (target) => {
    expect(await signInTo(redirectingTo(target).client, "/x")).toBe(ORIGIN)
  })

  it.each([
    ["/日本", "/%E6%97%A5%E6%9C%AC"],
    ["/caf\u00e9?q=\u00fc", "/caf%C3%A9?q=%C3%BC"],
    ["/lone\uD800surrogate", "/lone%EF%BF%BDsurrogate"],
    ["https://partner.example/日本", "https://partner.example/%E6%97%A5%E6%9C%AC"],
  ])("answers with %j percent-encoded, instead of throwing", async (target, expected) => {
    const { client, log } = redirectingTo(target)
    expect(await signInTo(client, "/x")).toBe(expected)
    expect(log.errors).toEqual([])
    expect(client.jar.get("authjs.callback-url")).toBe(expected)
  })
})

describe("Auth() answers instead of throwing", () => {
  it("when an error page's URL cannot be a header value", async () => {
    const { config, log } = appWith({ pages: { signIn: "/登录" } })
    const request = new Request(`${ORIGIN}/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=missing",
    })

    const response = await Auth(request, config)

    expect(response.status).toBe(500)
    expect(log.errors.at(-1)).toBeInstanceOf(TypeError)
  })

  it("when the config function throws", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {})
    const response = await Auth(new Request(`${ORIGIN}/auth/session`), () => {
      throw new Error("config unavailable")
    })
    expect(response.status).toBe(500)
    expect(String(errors.mock.calls[0]?.[0])).toContain("config unavailable")
    errors.mockRestore()
  })
})

describe("the redirect callback runs only where a callback URL is used", () => {
  it("not on GET /csrf, /session or /providers", async () => {
    const redirect = vi.fn(({ baseUrl }: { baseUrl: string }) => baseUrl)
    const { client } = appWith({ callbacks: { redirect } })
    client.jar.set("authjs.callback-url", `${ORIGIN}/stored`)
    for (const action of ["/csrf", "/session", "/providers"]) {
      expect((await client.get(`${action}?callbackUrl=/x`)).status).toBe(200)
    }
    expect(redirect).not.toHaveBeenCalled()
    await client.get("/signin?callbackUrl=/x")
    expect(redirect).toHaveBeenCalledWith({ url: "/x", baseUrl: ORIGIN })
  })
})

describe("a custom error page that needs the auth service (config error)", () => {
  const broken = () => appWith({ secret: undefined, pages: { error: "/custom-error" } })

  it("is redirected to once, then the built-in page breaks the loop", async () => {
    const { client, log } = broken()

    const first = await client.get("/signin")
    expect(first.status).toBe(302)
    const errorPage = new URL(first.headers.get("location") ?? "")
    expect(errorPage.href).toBe(`${ORIGIN}/custom-error?error=Configuration`)
    // The error page requires a session, so the app sends the browser to sign in.
    const again = await client.get(
      `/signin?callbackUrl=${encodeURIComponent(`${errorPage.pathname}${errorPage.search}`)}`,
    )

    expect(again.status).toBe(500)
    expect(again.headers.get("content-type")).toBe("text/html")
    expect(await again.text()).toContain("Server error")
    expect(setCookies(again)).toEqual([])
    const loop = log.errors.find((error) => error.name === "ErrorPageLoop")
    expect(loop?.message).toContain("/custom-error")
    expect(loop?.cause).toBe(log.errors[0])
  })

  it("breaks the loop for an absolute callbackUrl naming the error page too", async () => {
    const { client } = broken()
    const query = new URLSearchParams({ callbackUrl: `${ORIGIN}/custom-error?error=Configuration` })
    expect((await client.get(`/signin?${query}`)).status).toBe(500)
  })
})
