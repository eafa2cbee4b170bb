import { describe, expect, it } from "vitest"
import { Auth } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET } from "./support/client.js"

const recorder = recordingLogger()
const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  logger: recorder.logger,
  providers: [Credentials({ authorize: () => DEMO_USER })],
}

function send(path: string, init: RequestInit = {}): Promise<Response> {
  return Auth(new Request(`http://localhost:3000${path}`, init), config)
}

describe("routing", () => {
  it.each([
    ["GET", "/auth/unknown"],
    ["GET", "/authsession"],
    ["GET", "/auth/session/github"],
    ["GET", "/auth/signin/a/b"],
    ["GET", "/other/session"],
    // Passkey management without a passkey provider is no action, as in Auth.js (not a 500).
    ["GET", "/auth/passkeys"],
    ["POST", "/auth/passkeys/remove"],
  ])('%s %s → 400 "Bad request."', async (method, path) => {
    const response = await send(path, { method })
    expect(response.status).toBe(400)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(await response.text()).toBe('"Bad request."')
  })

  it.each([
    ["PUT", "/auth/session"],
    ["DELETE", "/auth/signout"],
    ["HEAD", "/auth/session"],
    ["OPTIONS", "/auth/csrf"],
  ])("%s %s → 405 with Allow (Auth.js: 400)", async (method, path) => {
    const response = await send(path, { method })
    expect(response.status).toBe(405)
    expect(response.headers.get("allow")).toBe("GET, POST")
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(await response.text()).toBe('"Method not allowed."')
  })

  it("tolerates trailing and repeated slashes", async () => {
    const response = await send("/auth//session/")
    expect(response.status).toBe(200)
  })

  it("answers POST to a GET-only action with a redirect to the error page", async () => {
    const response = await send("/auth/providers", { method: "POST" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    )
  })

  it("sends GET /signin/<id> to the error page", async () => {
    const response = await send("/auth/signin/credentials")
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    )
  })

  it("sends an unknown provider in /callback to the error page", async () => {
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/callback/nope", { csrfToken })
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    )
  })
})

describe("bad input", () => {
  it("answers a body over 64 KiB with 413", async () => {
    const body = new URLSearchParams({ csrfToken: "x", big: "y".repeat(70 * 1024) }).toString()
    const response = await send("/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    })
    expect(response.status).toBe(413)
  })

  it("answers a streamed body over 64 KiB without Content-Length with 413", async () => {
    const chunk = new TextEncoder().encode("a".repeat(16 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await send("/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit)
    expect(response.status).toBe(413)
  })

  it("answers malformed JSON and non-object JSON with 400", async () => {
    for (const body of ["{not json", "[1,2]", "42"]) {
      const response = await send("/auth/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      })
      expect(response.status).toBe(400)
    }
  })

  it("answers an unexpected content type with 415", async () => {
    const response = await send("/auth/signout", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "csrfToken=x",
    })
    expect(response.status).toBe(415)
  })

  it("answers duplicated parameters with 400", async () => {
    const body = await send("/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=a&csrfToken=b",
    })
    expect(body.status).toBe(400)
    const query = await send("/auth/signin?callbackUrl=/a&callbackUrl=https://evil.example")
    expect(query.status).toBe(400)
  })

  it("accepts multipart form bodies", async () => {
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    const form = new FormData()
    form.set("csrfToken", csrfToken)
    const response = await client.request("/callback/credentials", { method: "POST", body: form })
    expect(response.headers.get("location")).toBe("http://localhost:3000")
  })

  it("ignores malformed and oversized cookies", async () => {
    for (const cookie of [
      "authjs.session-token=%E0%A4%A",
      `authjs.session-token=${"x".repeat(70_000)}`,
      "=;;==;authjs.csrf-token",
      "__proto__=1; constructor=2",
    ]) {
      const response = await send("/auth/session", { headers: { cookie } })
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
    }
  })

  it("never puts CR or LF into a header", async () => {
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/signout", {
      csrfToken,
      callbackUrl: "/ok\r\nSet-Cookie: evil=1",
    })
    expect(response.status).toBe(302)
    const location = response.headers.get("location")!
    expect(location).not.toMatch(/[\r\n]/)
    expect(new URL(location).origin).toBe("http://localhost:3000")
    expect(response.headers.getSetCookie().some((header) => header.startsWith("evil"))).toBe(false)
  })

  it("never answers 500 or leaks the secret in any response", async () => {
    const hostile = ["%", "\u0000", "../../etc/passwd", "<script>", "a".repeat(5000)]
    for (const value of hostile) {
      for (const path of [
        "/auth/signin",
        "/auth/error",
        "/auth/signout",
        "/auth/verify-request",
        "/auth/session",
      ]) {
        const response = await send(
          `${path}?callbackUrl=${encodeURIComponent(value)}&error=${encodeURIComponent(value)}`,
        )
        expect(response.status).toBeLessThan(500)
        expect(await response.text()).not.toContain(SECRET)
      }
    }
  })
})
