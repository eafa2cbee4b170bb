import { afterEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../src/index.js"
import { nextRequest, ORIGIN, signInThroughHandlers, testConfig } from "./support.js"

afterEach(() => {
  vi.unstubAllEnvs()
})

async function providers(response: Response) {
  expect(response.status).toBe(200)
  return (await response.json()) as Record<string, { signinUrl: string; callbackUrl: string }>
}

describe("handlers", () => {
  it("serve the actions at /api/auth, on the origin of the Host header", async () => {
    const { handlers } = NextAuth(testConfig().config)
    const response = await handlers.GET(nextRequest("/api/auth/providers"))
    expect((await providers(response)).credentials?.signinUrl).toBe(
      `${ORIGIN}/api/auth/signin/credentials`,
    )
  })

  it("sign in with credentials: a redirect with a session cookie", async () => {
    const { handlers } = NextAuth(testConfig().config)
    expect(await signInThroughHandlers(handlers)).toMatch(/^authjs\.session-token=/)
  })

  it("ignore X-Forwarded-Host and X-Forwarded-Proto unless a proxy is declared", async () => {
    const { handlers } = NextAuth(testConfig().config)
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }
    const response = await handlers.GET(nextRequest("/api/auth/csrf", { headers: forged }))
    expect(response.headers.getSetCookie()[0]).toMatch(/^authjs\.csrf-token=/)
    const list = await providers(
      await handlers.GET(nextRequest("/api/auth/providers", { headers: forged })),
    )
    expect(list.credentials?.signinUrl).toBe(`${ORIGIN}/api/auth/signin/credentials`)
  })

  it("honour the proxy's X-Forwarded-* with AUTH_TRUST_HOST=true", async () => {
    vi.stubEnv("AUTH_TRUST_HOST", "true")
    const { handlers } = NextAuth(testConfig().config)
    const headers = { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" }
    const list = await providers(
      await handlers.GET(nextRequest("/api/auth/providers", { headers })),
    )
    expect(list.credentials?.signinUrl).toBe("https://app.example.com/api/auth/signin/credentials")
    const csrf = await handlers.GET(nextRequest("/api/auth/csrf", { headers }))
    expect(csrf.headers.getSetCookie()[0]).toMatch(/^__Host-authjs\.csrf-token=/)
  })

  it("take the origin and the base path from AUTH_URL", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example.com/custom/auth")
    const { handlers } = NextAuth(testConfig().config)
    const list = await providers(await handlers.GET(nextRequest("/custom/auth/providers")))
    expect(list.credentials?.callbackUrl).toBe(
      "https://public.example.com/custom/auth/callback/credentials",
    )
    expect((await handlers.GET(nextRequest("/api/auth/providers"))).status).toBe(400)
  })

  it("serve under the Next.js basePath, with AUTH_URL naming only the origin", async () => {
    vi.stubEnv("__NEXT_ROUTER_BASEPATH", "/docs")
    vi.stubEnv("NEXTAUTH_URL", "https://public.example.com")
    const { handlers } = NextAuth(testConfig().config)
    // Next.js hands route handlers `request.url` without its basePath.
    const list = await providers(await handlers.GET(nextRequest("/api/auth/providers")))
    expect(list.credentials?.signinUrl).toBe(
      "https://public.example.com/docs/api/auth/signin/credentials",
    )
  })

  it("take a Next.js basePath and an AUTH_URL with the whole path together", async () => {
    vi.stubEnv("__NEXT_ROUTER_BASEPATH", "/docs")
    vi.stubEnv("AUTH_URL", "https://public.example.com/docs/api/auth")
    const { handlers } = NextAuth(testConfig().config)
    const list = await providers(await handlers.GET(nextRequest("/api/auth/providers")))
    expect(list.credentials?.signinUrl).toBe(
      "https://public.example.com/docs/api/auth/signin/credentials",
    )
  })

  it("answer 400 to a Host that is not a host", async () => {
    const { handlers } = NextAuth(testConfig().config)
    for (const host of ["evil.example/path?x=", "a@b", "", "ex ample.test"]) {
      const response = await handlers.GET(nextRequest("/api/auth/providers", { host }))
      expect(response.status).toBe(400)
      expect(await response.json()).toBe("Bad request.")
    }
  })

  it("answer a body over the limit with 413, reading the rest so the connection stays usable", async () => {
    const { handlers } = NextAuth(testConfig().config)
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024))
    let sent = 0
    let readToTheEnd: () => void = () => {}
    const finished = new Promise<void>((resolve) => {
      readToTheEnd = resolve
    })
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 16) controller.enqueue(chunk)
        else {
          controller.close()
          readToTheEnd()
        }
      },
    })
    const request = nextRequest("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit)
    const response = await handlers.POST(request)
    expect(response.status).toBe(413)
    expect(response.headers.get("connection")).toBeNull()
    await finished
  })

  it("answer a declared oversized body with 413 (core drops the rest of it)", async () => {
    const { handlers } = NextAuth(testConfig().config)
    const response = await handlers.POST(
      nextRequest("/api/auth/signout", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": "102400",
        },
        body: "a".repeat(102400),
      }),
    )
    expect(response.status).toBe(413)
  })

  it("call a lazy config with the request", async () => {
    const seen: string[] = []
    const { handlers } = NextAuth((request) => {
      seen.push(request?.nextUrl.pathname ?? "none")
      return testConfig().config
    })
    expect((await handlers.GET(nextRequest("/api/auth/session"))).status).toBe(200)
    expect(seen).toEqual(["/api/auth/session"])
  })

  it("never change the config object they were given", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example.com/custom/auth")
    const { config } = testConfig({ secret: undefined })
    vi.stubEnv("AUTH_SECRET", "from-the-environment-at-least-32-characters")
    const before = { ...config, providers: [...config.providers] }
    const { handlers } = NextAuth(config)
    await handlers.GET(nextRequest("/custom/auth/session"))
    expect(config).toEqual(before)
    expect(config.basePath).toBeUndefined()
  })
})
