import { describe, expect, it } from "vitest"
import { isPathUnder } from "./path-under.js"

describe("isPathUnder", () => {
  it.each([
    ["/admin", "/admin", true],
    ["/admin/users", "/admin", true],
    ["/admin/users", "/admin/", true],
    ["/administrator", "/admin", false],
    ["/", "/admin", false],
    ["/anything", "/", true],
    ["/anything", "", true],
    ["/api/auth/session", "/api/auth", true],
    ["/api/authz", "/api/auth", false],
  ])("%s under %s: %s", (pathname, path, expected) => {
    expect(isPathUnder(pathname, path)).toBe(expected)
  })
})
