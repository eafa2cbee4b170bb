/** Where the client goes after signing in or out, and when it must reload. */
import { afterEach, describe, expect, it, vi } from "vitest"
import { isFragmentNavigation, navigateInBrowser } from "./navigation.js"
import { normalizeBasePath } from "./options.js"

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A `location` that records what the client asked of it. */
function stubLocation(href: string) {
  const calls: string[] = []
  vi.stubGlobal("location", {
    href,
    assign: (url: string) => calls.push(`assign ${url}`),
    reload: () => calls.push("reload"),
  })
  return calls
}

describe("isFragmentNavigation", () => {
  it.each([
    ["http://app.test/page", "http://app.test/page#top", true],
    ["http://app.test/page#a", "http://app.test/page#b", true],
    ["http://app.test/page", "#top", true],
    ["http://app.test/page", "http://app.test/page#", true],
    ["http://app.test/page", "http://app.test/page", false],
    ["http://app.test/page#a", "http://app.test/page", false],
    ["http://app.test/page", "http://app.test/other#top", false],
    ["http://app.test/page?x=1", "http://app.test/page#top", false],
  ])("%s → %s: %s", (current, target, expected) => {
    expect(isFragmentNavigation(current, target)).toBe(expected)
  })
})

describe("navigateInBrowser", () => {
  it("goes to another page without reloading", () => {
    const calls = stubLocation("http://app.test/page")

    navigateInBrowser("http://app.test/dashboard#welcome")

    expect(calls).toEqual(["assign http://app.test/dashboard#welcome"])
  })

  it("reloads when only the hash changes, so the new session shows", () => {
    const calls = stubLocation("http://app.test/page")

    navigateInBrowser("http://app.test/page#signed-in")

    expect(calls).toEqual(["assign http://app.test/page#signed-in", "reload"])
  })

  it("explains itself outside a browser", () => {
    expect(() => navigateInBrowser("/x")).toThrow("pass the `navigate` option")
  })
})

describe("normalizeBasePath", () => {
  it.each([
    ["/api/auth", "/api/auth"],
    ["api/auth/", "/api/auth"],
    ["//auth//", "/auth"],
    ["/", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeBasePath(input)).toBe(expected)
  })
})
