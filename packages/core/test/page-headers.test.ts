/**
 * Every built-in page is kept out of caches (the sign-in and sign-out pages carry the CSRF
 * token) and refuses to be framed by another site (clickjacking of "Sign out" and provider
 * buttons).
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

function expectPageHeaders(response: Response): void {
  expect(response.headers.get("content-type")).toBe("text/html")
  expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
  expect(response.headers.get("pragma")).toBe("no-cache")
  expect(response.headers.get("expires")).toBe("0")
  expect(response.headers.get("x-frame-options")).toBe("DENY")
  expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'")
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
  ])("GET %s is never cached and never framed", async (path, status) => {
    const response = await get(path)
    expect(response.status).toBe(status)
    expectPageHeaders(response)
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
  })
})
