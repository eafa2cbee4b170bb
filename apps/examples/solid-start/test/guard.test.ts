import { fileURLToPath } from "node:url"
import { DEMO_ACCOUNT, startExampleForContract } from "@auth/example-support/launch"
import { CONTRACT_SECRET, HttpClient } from "@auth/integration-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const cwd = fileURLToPath(new URL("..", import.meta.url))
const BROWSER = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }
const JSON_ACCEPT = { accept: "application/json" }

/**
 * `authMiddleware({ protect: ["/protected"] })` of the example's build (SolidStart 2, Solid
 * Router 1), over real sockets, against what reaches the page there: Solid Router matches the
 * path case-insensitively and ignores a trailing slash (it does not percent-decode), and
 * SolidStart renders the page for any method. The middleware must answer each of them itself
 * (303 to sign in, 401 JSON): before, `/PROTECTED` and `PUT /protected` reached the page, whose
 * own query then redirected with Solid Router's 302.
 */
describe("the example's protected page, however it is asked for", () => {
  let app: { baseUrl: string; close(): Promise<void> } | undefined
  beforeAll(async () => {
    app = await startExampleForContract({
      cwd,
      command: ["node", "serve.mjs"],
      basePath: "/api/auth",
      secret: CONTRACT_SECRET,
    })
  })
  afterAll(() => app?.close())

  const client = () => new HttpClient(app!.baseUrl, "/api/auth")

  it.each([
    ["GET", "/protected"],
    ["GET", "/PROTECTED"],
    ["GET", "/Protected/"],
    ["GET", "/protected/?tab=1"],
    ["POST", "/protected"],
    ["PUT", "/protected"],
    ["PATCH", "/Protected"],
    ["DELETE", "/protected"],
  ])(
    "%s %s, signed out: the middleware's 303 to sign in, and 401 for JSON",
    async (method, path) => {
      const page = await client().fetch(path, { method, headers: BROWSER })
      expect(page.status).toBe(303)
      const location = new URL(page.headers.get("location") ?? "", app!.baseUrl)
      expect(location.pathname).toBe("/api/auth/signin")
      expect(location.searchParams.get("callbackUrl")).toBe(path)
      const json = await client().fetch(path, { method, headers: JSON_ACCEPT })
      expect(json.status).toBe(401)
      expect(await json.json()).toEqual({ error: "Unauthorized" })
    },
  )

  it("serves the page signed in, whatever the letter case, as Solid Router matches it", async () => {
    const signedIn = client()
    await signedIn.signIn(DEMO_ACCOUNT.credentials)
    for (const path of ["/protected", "/PROTECTED", "/Protected/"]) {
      const response = await signedIn.fetch(path, { headers: BROWSER })
      expect(response.status, path).toBe(200)
      expect(await response.text()).toContain("Protected page")
    }
    // Solid Router compares the raw path: an escaped letter is its 404, not the page (the
    // middleware guards that spelling all the same, which costs nothing).
    expect((await signedIn.fetch("/%70rotected", { headers: BROWSER })).status).toBe(404)
    expect((await client().fetch("/%70rotected", { headers: BROWSER })).status).toBe(303)
  })
})
