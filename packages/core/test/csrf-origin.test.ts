/**
 * The attack: on plain http, an attacker who can plant cookies (a network position, a sibling
 * subdomain) sets the victim's CSRF cookie to one whose token they know, then makes the
 * victim's browser post to sign-out (or sign in to the attacker's account) from their own site.
 * The token matches; the browser's `Origin` and `Sec-Fetch-Site` headers give the post away.
 */
import { describe, expect, it } from "vitest"
import { skipCSRFCheck } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET } from "./support/client.js"

const ORIGIN = "http://localhost:3000"
const MISSING_CSRF = `${ORIGIN}/auth/signin?error=MissingCSRF`
const CROSS_SITE = { origin: "http://evil.example", "sec-fetch-site": "cross-site" }

function setup(overrides: Partial<AuthConfig> = {}) {
  const recorder = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: recorder.logger,
    providers: [
      Credentials({
        credentials: { username: {} },
        authorize: (fields) => ({ ...DEMO_USER, name: String(fields.username) }),
      }),
    ],
    ...overrides,
  }
  return { config, recorder }
}

/** Whether a response redirects to the origin's root (the default callback URL). */
function isBackHome(response: Response): boolean {
  const location = response.headers.get("location")
  return location !== null && new URL(location).href === `${ORIGIN}/`
}

/** A signed-in victim whose CSRF cookie the attacker planted (so the attacker knows its token). */
async function victimWithPlantedCookie(config: AuthConfig) {
  const attacker = new AuthClient(config)
  const plantedToken = await attacker.csrfToken()
  const victim = new AuthClient(config)
  await victim.signInWithCredentials({ username: "victim" })
  victim.jar.set("authjs.csrf-token", attacker.jar.get("authjs.csrf-token")!)
  return { victim, plantedToken }
}

describe("cross-site POSTs with a planted CSRF cookie", () => {
  it("cannot sign the victim out", async () => {
    const { config, recorder } = setup()
    const { victim, plantedToken } = await victimWithPlantedCookie(config)
    const response = await victim.postForm("/signout", { csrfToken: plantedToken }, CROSS_SITE)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(MISSING_CSRF)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await victim.session()).toMatchObject({ user: { name: "victim" } })
    expect(recorder.errors.at(-1)).toMatchObject({ type: "MissingCSRF" })
    expect(recorder.errors.at(-1)?.message).toContain("Origin http://evil.example")
  })

  it("cannot sign the victim in to the attacker's account (login CSRF)", async () => {
    const { config } = setup()
    const attacker = new AuthClient(config)
    const plantedToken = await attacker.csrfToken()
    const victim = new AuthClient(config)
    victim.jar.set("authjs.csrf-token", attacker.jar.get("authjs.csrf-token")!)
    const response = await victim.postForm(
      "/callback/credentials",
      { csrfToken: plantedToken, username: "attacker" },
      { origin: "http://evil.example" },
    )
    expect(response.headers.get("location")).toBe(MISSING_CSRF)
    expect(await victim.session()).toBeNull()
  })

  it("cannot update the victim's session", async () => {
    const { config } = setup()
    const { victim, plantedToken } = await victimWithPlantedCookie(config)
    const response = await victim.postJson(
      "/session",
      { csrfToken: plantedToken, data: { name: "changed" } },
      { "sec-fetch-site": "cross-site" },
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toBeNull()
  })

  it.each([
    ["Origin null", { origin: "null" }],
    [
      "a sibling subdomain",
      { origin: "http://evil.localhost:3000", "sec-fetch-site": "same-site" },
    ],
    ["Sec-Fetch-Site: same-site alone", { "sec-fetch-site": "same-site" }],
    ["another port", { origin: "http://localhost:4000" }],
    ["https for an http origin", { origin: "https://localhost:3000" }],
  ])("refuses a sign-in POST from %s", async (_, headers) => {
    const { config } = setup()
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/signin/credentials", { csrfToken }, headers)
    expect(response.headers.get("location")).toBe(MISSING_CSRF)
  })
})

describe("first-party POSTs", () => {
  it.each([
    ["no Origin or Sec-Fetch-Site (older browsers, server-side clients)", {}],
    ["Origin of this origin", { origin: ORIGIN }],
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
    ["Sec-Fetch-Site: none", { "sec-fetch-site": "none" }],
    [
      "Sec-Fetch-Site: same-origin behind a proxy that rewrote the URL",
      { "sec-fetch-site": "same-origin", origin: "https://public.example" },
    ],
  ])("sign in and out with %s", async (_, headers) => {
    const { config } = setup()
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    const signIn = await client.postForm(
      "/callback/credentials",
      { csrfToken, username: "ada" },
      headers,
    )
    expect(isBackHome(signIn)).toBe(true)
    expect(await client.session()).toMatchObject({ user: { name: "ada" } })
    const signOut = await client.postForm("/signout", { csrfToken }, headers)
    expect(isBackHome(signOut)).toBe(true)
    expect(await client.session()).toBeNull()
  })

  it("leaves the check to the integration with skipCSRFCheck", async () => {
    const { config } = setup({ skipCSRFCheck })
    const client = new AuthClient(config)
    const response = await client.postForm("/callback/credentials", { username: "ada" }, CROSS_SITE)
    expect(isBackHome(response)).toBe(true)
  })
})
