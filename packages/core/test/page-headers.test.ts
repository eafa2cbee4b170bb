/**
 * Every built-in page is kept out of caches (the sign-in and sign-out pages carry the CSRF
 * token) and refuses to be framed by another site (clickjacking of "Sign out" and provider
 * buttons); the app's own pages may frame it (a sign-in modal) unless `frameAncestors: "none"`.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { DEMO_USER, recordingLogger, SECRET } from "./support/client.js"

const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  logger: recordingLogger().logger,
  providers: [Credentials({ credentials: { username: {} }, authorize: () => DEMO_USER })],
}

function get(path: string, input: AuthConfig = config): Promise<Response> {
  return Auth(new Request(`http://localhost:3000/auth${path}`), input)
}

const FRAMING = {
  self: { xFrameOptions: "SAMEORIGIN", csp: "frame-ancestors 'self'" },
  none: { xFrameOptions: "DENY", csp: "frame-ancestors 'none'" },
} as const

function expectPageHeaders(response: Response, framing: keyof typeof FRAMING = "self"): void {
  expect(response.headers.get("content-type")).toBe("text/html")
  expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
  expect(response.headers.get("pragma")).toBe("no-cache")
  expect(response.headers.get("expires")).toBe("0")
  expect(response.headers.get("x-frame-options")).toBe(FRAMING[framing].xFrameOptions)
  expect(response.headers.get("content-security-policy")).toBe(FRAMING[framing].csp)
}

describe("built-in pages", () => {
  it.each([
    ["/signin", 200],
    ["/signin?error=CredentialsSignin", 200],
    ["/signout", 200],
    ["/verify-request", 200],
    ["/error", 200],
    ["/error?error=AccessDenied", 403],
    ["/error?error=Verification", 403],
    ["/error?error=Configuration", 500],
  ])("GET %s is never cached, and framed only by the app's own pages", async (path, status) => {
    const response = await get(path)
    expect(response.status).toBe(status)
    expectPageHeaders(response, "self")
  })

  it.each(["/signin", "/signout", "/verify-request", "/error"])(
    'GET %s is never framed with frameAncestors: "none"',
    async (path) => {
      const response = await get(path, { ...config, frameAncestors: "none" })
      expectPageHeaders(response, "none")
    },
  )

  it('takes frameAncestors: "self" as the default it is', async () => {
    expectPageHeaders(await get("/signin", { ...config, frameAncestors: "self" }), "self")
  })

  it("refuses any other frameAncestors as a configuration error, and frames nothing meanwhile", async () => {
    const recorder = recordingLogger()
    const broken = {
      ...config,
      logger: recorder.logger,
      frameAncestors: "DENY",
    } as unknown as AuthConfig
    const response = await get("/signin", broken)
    expect(response.status).toBe(500)
    expectPageHeaders(response, "none")
    expect(recorder.errors[0]?.message).toContain('frameAncestors must be "self"')
  })

  it("keeps the CSRF token of the sign-in and sign-out pages out of caches", async () => {
    for (const path of ["/signin", "/signout"]) {
      const response = await get(path)
      expect(await response.text()).toMatch(/name="csrfToken" value="[0-9a-f]{64}"/)
      expect(response.headers.get("cache-control")).toContain("no-store")
    }
  })

  it("sends the same headers with the error page of a configuration mistake", async () => {
    const broken: AuthConfig = { ...config, secret: undefined }
    const response = await get("/signin", broken)
    expect(response.status).toBe(500)
    expectPageHeaders(response)
    const strict = await get("/signin", { ...broken, frameAncestors: "none" })
    expectPageHeaders(strict, "none")
  })
})
