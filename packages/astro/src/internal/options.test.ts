// The base path of a config is core's to normalize now; `toBasePath` was this helper.
import { normalizeBasePath as toBasePath } from "@auth/core/client"
import { describe, expect, it } from "vitest"
import { normalizePrefix } from "./options.js"

describe("normalizePrefix", () => {
  it.each([
    ["/api/auth", "/api/auth"],
    ["api/auth/", "/api/auth"],
    ["//auth//", "/auth"],
  ])("%s → %s", (prefix, expected) => {
    expect(normalizePrefix(prefix)).toBe(expected)
  })

  it.each(["", "/", "/a?b", "/a#b", "/a b", "/a//b", "/[...auth]"])(
    "refuses %j, saying what to use",
    (prefix) => {
      expect(() => normalizePrefix(prefix)).toThrow(/prefix .* "\/api\/auth"/)
    },
  )
})

describe("toBasePath", () => {
  it("keeps the root as the empty path", () => {
    expect(toBasePath("/")).toBe("")
    expect(toBasePath("custom/auth/")).toBe("/custom/auth")
  })
})
