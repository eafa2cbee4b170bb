/**
 * `events.signOut` is an audit hook: it runs for the sign-out of a session, never for a cookie
 * that holds none (tampered, expired, made with another secret, or pointing at no stored
 * session). As in Auth.js, an undecodable JWT at sign-out is logged as `SignOutError`.
 */
import { describe, expect, it } from "vitest"
import { encode } from "../src/jwt.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET, setCookies } from "./support/client.js"

const COOKIE = "authjs.session-token"

function setup(overrides: Partial<AuthConfig> = {}) {
  const recorder = recordingLogger()
  const signOuts: unknown[] = []
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: recorder.logger,
    providers: [Credentials({ credentials: { username: {} }, authorize: () => DEMO_USER })],
    events: { signOut: (message) => void signOuts.push(message) },
    ...overrides,
  }
  return { recorder, signOuts, client: new AuthClient(config) }
}

async function signOut(client: AuthClient): Promise<Response> {
  return client.postForm("/signout", { csrfToken: await client.csrfToken() })
}

describe("sign-out of a JWT session", () => {
  it("emits signOut with the decoded token", async () => {
    const { client, signOuts } = setup()
    await client.signInWithCredentials({ username: "ada" })
    await signOut(client)
    expect(signOuts).toEqual([{ token: expect.objectContaining({ email: DEMO_USER.email }) }])
  })

  it.each([
    ["a tampered token", async (token: string) => `${token.slice(0, -8)}AAAAAAAA`],
    [
      "an expired token",
      async () => encode({ token: { sub: "1" }, secret: SECRET, salt: COOKIE, maxAge: -60 }),
    ],
    [
      "made with another secret",
      async () => encode({ token: { sub: "1" }, secret: "x".repeat(40), salt: COOKIE }),
    ],
  ])("emits nothing for %s, logs SignOutError, and clears the cookie", async (_, make) => {
    const { client, signOuts, recorder } = setup()
    await client.signInWithCredentials({ username: "ada" })
    client.jar.set(COOKIE, await make(client.jar.get(COOKIE)!))
    const response = await signOut(client)
    expect(response.status).toBe(302)
    expect(signOuts).toEqual([])
    expect(recorder.errors.map((error) => error.name)).toEqual(["SignOutError"])
    expect(setCookies(response)).toContainEqual(
      expect.objectContaining({
        name: COOKIE,
        value: "",
        attributes: expect.objectContaining({ "max-age": "0" }),
      }),
    )
  })

  it("emits nothing when a custom jwt.decode finds no session", async () => {
    const { client, signOuts } = setup({ jwt: { decode: () => null } })
    client.jar.set(COOKIE, "opaque")
    await signOut(client)
    expect(signOuts).toEqual([])
  })
})

describe("sign-out of a database session", () => {
  it("emits signOut with the deleted session, and nothing for a cookie that points at none", async () => {
    const { client, signOuts } = setup({
      adapter: MemoryAdapter(),
      session: { strategy: "database" },
    })
    await client.signInWithCredentials({ username: "ada" })
    const sessionToken = client.jar.get(COOKIE)!
    await signOut(client)
    expect(signOuts).toEqual([{ session: expect.objectContaining({ sessionToken }) }])

    client.jar.set(COOKIE, "no-such-session")
    const response = await signOut(client)
    expect(response.status).toBe(302)
    expect(signOuts).toHaveLength(1)
  })
})
