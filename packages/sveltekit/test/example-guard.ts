import { encode } from "@auth/core/jwt"
import {
  CONTRACT_SECRET,
  COOKIES,
  type ContractAccount,
  type ContractApp,
} from "@auth/integration-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const JSON_ACCEPT = { accept: "application/json" }
const BROWSER_ACCEPT = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }

/**
 * The example app's route guard (`src/protect.ts`) against the spellings of `/protected` that
 * SvelteKit's router serves, over real sockets. SvelteKit decodes the path once before matching
 * (`decode_pathname`: `decodeURI`, `%25` kept) with case-sensitive route patterns that allow one
 * trailing slash; a guard on the raw `event.url.pathname` let `/%70rotected` reach the route.
 */
export function describeExampleGuard(
  start: () => Promise<ContractApp>,
  account: ContractAccount,
): void {
  describe("the example's guard, for every spelling of /protected SvelteKit routes there", () => {
    let app: ContractApp | undefined
    beforeAll(async () => {
      app = await start()
    })
    afterAll(() => app?.close())

    const get = (path: string, headers: Record<string, string>) =>
      fetch(`${app!.baseUrl}${path}`, { headers, redirect: "manual" })

    it.each(["/protected", "/%70rotected", "/prot%65cted", "/%70rotected/__data.json"])(
      "refuses a signed-out request for %s (401 JSON, or 303 to sign in)",
      async (path) => {
        const json = await get(path, JSON_ACCEPT)
        expect(json.status).toBe(401)
        expect(await json.json()).toEqual({ error: "Unauthorized" })
        if (path.endsWith("__data.json")) return
        const page = await get(path, BROWSER_ACCEPT)
        expect(page.status).toBe(303)
        const location = new URL(page.headers.get("location") ?? "", app!.baseUrl)
        expect(location.pathname).toBe("/auth/signin")
        expect(location.searchParams.get("callbackUrl")).toBe(path)
      },
    )

    it("lets the session through on the other spelling", async () => {
      const token = await encode({
        secret: CONTRACT_SECRET,
        salt: COOKIES.session,
        token: { name: account.user.name, email: account.user.email, sub: account.user.id },
      })
      const response = await get("/%70rotected", {
        ...JSON_ACCEPT,
        cookie: `${COOKIES.session}=${token}`,
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ user: { email: account.user.email } })
    })

    it.each([
      ["letter case (the routes are case-sensitive)", "/PROTECTED"],
      ["a double escape (decoded once)", "/%2570rotected"],
      ["an empty segment", "//protected"],
      ["a ; parameter", "/protected;jsessionid=1"],
      ["a trailing dot", "/protected."],
      ["an escaped /", "/protected%2F"],
    ])("SvelteKit routes no other spelling there: %s, %s is a 404", async (_, path) => {
      expect((await get(path, JSON_ACCEPT)).status).toBe(404)
    })

    it("SvelteKit sends a trailing slash to the path without it (308)", async () => {
      const response = await get("/protected/", JSON_ACCEPT)
      expect(response.status).toBe(308)
      // A relative location (`../protected`), resolved against the request's URL.
      const location = new URL(response.headers.get("location") ?? "", `${app!.baseUrl}/protected/`)
      expect(location.pathname).toBe("/protected")
    })
  })
}
