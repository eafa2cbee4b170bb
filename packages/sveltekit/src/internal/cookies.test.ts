import { Auth } from "@auth/core"
import Credentials from "@auth/core/providers/credentials"
import { describe, expect, it } from "vitest"
import { parseSetCookie } from "./cookies.js"

const config = {
  secret: "cookies-test-secret-0123456789abcdefghij",
  trustHost: true,
  providers: [Credentials({ authorize: () => null })],
}

describe("parseSetCookie", () => {
  it("reads the cookies core sets, for SvelteKit's cookies.set", async () => {
    const response = await Auth(new Request("https://app.test/auth/csrf"), config)
    const [header = ""] = response.headers.getSetCookie()
    const cookie = parseSetCookie(header)
    expect(cookie?.name).toBe("__Host-authjs.csrf-token")
    // Decoded: SvelteKit encodes it again with encodeURIComponent, as core did.
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}\|[0-9a-f]{64}$/)
    expect(cookie?.options).toEqual({ path: "/", httpOnly: true, secure: true, sameSite: "lax" })
  })

  it("spells out every flag, so SvelteKit's defaults (httpOnly, secure) change nothing", () => {
    expect(parseSetCookie("a=1; Path=/")?.options).toEqual({
      path: "/",
      httpOnly: false,
      secure: false,
    })
  })

  it("reads expiry, domain, SameSite=None, Partitioned and Priority", () => {
    const header =
      "name=v%20w; Max-Age=0; Domain=app.test; Path=/x; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; Partitioned; Priority=High; SameSite=None"
    expect(parseSetCookie(header)).toEqual({
      name: "name",
      value: "v w",
      options: {
        path: "/x",
        domain: "app.test",
        maxAge: 0,
        expires: new Date(0),
        httpOnly: false,
        secure: true,
        partitioned: true,
        priority: "high",
        sameSite: "none",
      },
    })
  })

  it("refuses a header without a name, and keeps a value that is not valid percent-encoding", () => {
    expect(parseSetCookie("=x; Path=/")).toBeUndefined()
    expect(parseSetCookie("no-equals-sign")).toBeUndefined()
    expect(parseSetCookie("a=%E0%A4%A")?.value).toBe("%E0%A4%A")
  })
})
