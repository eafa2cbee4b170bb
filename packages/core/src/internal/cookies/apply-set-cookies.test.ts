import { describe, expect, it } from "vitest"
import { applySetCookies } from "./apply-set-cookies.js"

describe("applySetCookies", () => {
  it("replaces, adds and removes cookies, keeping the others as they were", () => {
    const header = "theme=dark; authjs.session-token.0=old0; authjs.session-token.1=old1; x=%7C"
    const result = applySetCookies(header, [
      "authjs.session-token=new; Path=/; HttpOnly",
      "authjs.session-token.0=; Max-Age=0; Path=/",
      "authjs.session-token.1=; Max-Age=0; Path=/",
    ])
    expect(result).toBe("theme=dark; x=%7C; authjs.session-token=new")
  })

  it("works from no Cookie header", () => {
    expect(applySetCookies(null, ["a=1; Path=/"])).toBe("a=1")
  })
})
