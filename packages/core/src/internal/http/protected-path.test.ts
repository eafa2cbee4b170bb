import { describe, expect, it } from "vitest"
import { matchesProtectedPath } from "./protected-path.js"

/**
 * How the routers of our integrations read a path, from their sources (node_modules):
 *
 * - Solid Router (0.15 and 1.0, `createMatcher` in `utils.js`) matches `URL.pathname` as the URL
 *   parser leaves it: dot segments resolved (`%2e` too), nothing percent-decoded, every static
 *   segment lower-cased on both sides, a trailing `/` ignored; 1.0 refuses empty inner segments
 *   (`/a//b`), 0.15 skips them. SolidStart renders its pages for any method.
 * - SvelteKit (2 and 3, `decode_pathname` in `utils/url.js`, `parse_route_id` in
 *   `utils/routing.js`) decodes the path once with `decodeURI` (`%25` kept, so no double
 *   decoding) and matches case-sensitive patterns ending in `/?$`: `/%70rotected` is
 *   `/protected`, `/Protected` and `//protected` are 404s.
 * - Neither strips `;` parameters or trailing dots: `/protected;x` and `/protected.` are 404s.
 *
 * The rule covers every spelling either router serves as the path, and errs on the guard's side
 * for the rest.
 */
const SOLID_ROUTER = { caseSensitive: false }
const SVELTEKIT = { caseSensitive: true }

describe("matchesProtectedPath", () => {
  it.each([
    ["/protected", true],
    ["/protected/", true],
    ["/protected/settings", true],
    ["/protectedx", false],
    ["/", false],
    ["/public", false],
  ])("%s under /protected: %s", (pathname, expected) => {
    for (const router of [SOLID_ROUTER, SVELTEKIT]) {
      expect(matchesProtectedPath(pathname, "/protected", router)).toBe(expected)
    }
  })

  it.each([
    // SvelteKit decodes once: these reach /protected there.
    ["%70 for p", "/%70rotected"],
    ["a lower-case escape", "/prot%65cted/x"],
    ["every letter escaped", "/%70%72%6F%74%65%63%74%65%64"],
    // The URL parser resolves these before any router sees them; a raw path still matches.
    ["a dot segment", "/a/../protected"],
    ["escaped dot segments", "/a/%2e%2e/protected"],
    ["a dot", "/./protected"],
    // Solid Router 0.15 skips empty segments, and Node servers may hand `//x` on as is.
    ["a double slash", "//protected"],
    ["an empty inner segment", "/protected//settings"],
    ["a trailing slash", "/protected/"],
  ])("covers %s (%s)", (_, pathname) => {
    for (const router of [SOLID_ROUTER, SVELTEKIT]) {
      expect(matchesProtectedPath(pathname, "/protected", router)).toBe(true)
    }
  })

  it("decodes once, as SvelteKit: %2570 is a literal %70, not p", () => {
    for (const router of [SOLID_ROUTER, SVELTEKIT]) {
      expect(matchesProtectedPath("/%2570rotected", "/protected", router)).toBe(false)
      expect(matchesProtectedPath("/%252e%252e/protected", "/a", router)).toBe(false)
    }
  })

  it("follows the router's letter case: Solid Router folds it, SvelteKit does not", () => {
    for (const pathname of ["/PROTECTED", "/Protected/", "/pRoTeCtEd/x", "/%50ROTECTED"]) {
      expect(matchesProtectedPath(pathname, "/protected", SOLID_ROUTER)).toBe(true)
      expect(matchesProtectedPath(pathname, "/protected", SVELTEKIT)).toBe(false)
    }
    expect(matchesProtectedPath("/protected", "/Protected", SOLID_ROUTER)).toBe(true)
  })

  it.each([
    ["a ; parameter", "/protected;jsessionid=1"],
    ["a ; parameter before a segment", "/protected;x/settings"],
    ["Tomcat's ..; step", "/public/..;/protected"],
    ["an escaped ;", "/protected%3Bx"],
    ["a trailing dot", "/protected."],
    ["trailing dots below", "/protected../x"],
  ])("errs on the guard's side: %s (%s), a 404 in both routers, is covered", (_, pathname) => {
    for (const router of [SOLID_ROUTER, SVELTEKIT]) {
      expect(matchesProtectedPath(pathname, "/protected", router)).toBe(true)
    }
  })

  it("keeps an escape that is not UTF-8, and a segment that only looks like the path", () => {
    expect(matchesProtectedPath("/protected/%E0%A4", "/protected", SVELTEKIT)).toBe(true)
    expect(matchesProtectedPath("/%E0protected", "/protected", SVELTEKIT)).toBe(false)
    expect(matchesProtectedPath("/protected.json", "/protected", SVELTEKIT)).toBe(false)
  })

  it("reads the protected path the same way, and / (or nothing) covers every path", () => {
    expect(matchesProtectedPath("/über/x", "/%C3%BCber", SVELTEKIT)).toBe(true)
    expect(matchesProtectedPath("/%C3%BCber", "/über/", SVELTEKIT)).toBe(true)
    for (const path of ["/", ""]) {
      expect(matchesProtectedPath("/anything/at/all", path, SVELTEKIT)).toBe(true)
    }
  })
})
