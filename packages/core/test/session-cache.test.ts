import { describe, expect, it } from "vitest"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import { checkSession } from "../src/session.js"
import { memoryBackend } from "./support/backend.js"
import { AuthClient, recordingLogger, SECRET, setCookies } from "./support/client.js"
import { describeSessionCache } from "./support/session-cache-suite.js"

describeSessionCache({ backend: memoryBackend })

describe("session.cookieCache in the config", () => {
  const providers = [Credentials({ authorize: () => ({ id: "u1", email: "u1@example.test" }) })]

  it.each([0, -5, Number.NaN])("refuses maxAge %s as a configuration mistake", async (maxAge) => {
    const recorder = recordingLogger()
    const client = new AuthClient({
      secret: SECRET,
      trustHost: true,
      adapter: MemoryAdapter(),
      logger: recorder.logger,
      providers,
      session: { strategy: "database", cookieCache: { maxAge } },
    })
    const response = await client.get("/session")
    expect(response.status).toBe(500)
    expect(recorder.errors.map((error) => error.message).join()).toContain(
      "session.cookieCache.maxAge must be a positive number of seconds",
    )
  })

  it("is ignored by JWT sessions: no cache cookie", async () => {
    const client = new AuthClient({
      secret: SECRET,
      trustHost: true,
      providers,
      session: { strategy: "jwt", cookieCache: { maxAge: 300 } },
    })
    await client.signInWithCredentials({})
    const response = await client.get("/session")
    expect(await response.json()).toMatchObject({ user: { email: "u1@example.test" } })
    expect(setCookies(response).some((cookie) => cookie.name.includes("session-cache"))).toBe(false)
  })
})

describe("a database session read by a middleware (reissue: stale)", () => {
  async function storedSession(updateAge: number) {
    const adapter = MemoryAdapter()
    const user = await adapter.createUser!({
      id: "u2",
      email: "u2@example.test",
      emailVerified: null,
    })
    const expires = new Date(Date.now() + 30 * 86_400_000)
    await adapter.createSession!({ sessionToken: "token-u2", userId: user.id, expires })
    const config = {
      secret: SECRET,
      trustHost: true,
      adapter,
      providers: [],
      session: { updateAge },
    }
    const request = new Request("http://localhost:3000/dashboard", {
      headers: { cookie: "authjs.session-token=token-u2" },
    })
    return { config, request }
  }

  it("sets no cookie while the session is not due for an extension", async () => {
    const { config, request } = await storedSession(86_400)
    const check = await checkSession(request, config, { reissue: "stale" })
    expect(check.session).toMatchObject({ user: { email: "u2@example.test" } })
    expect(check.setCookie).toEqual([])
    // GET /session re-sets it on every read, as Auth.js does.
    const always = await checkSession(request, config)
    expect(always.setCookie.map((cookie) => cookie.split("=")[0])).toEqual(["authjs.session-token"])
  })

  it("re-issues the cookie when the read extended the session", async () => {
    const { config, request } = await storedSession(0)
    const check = await checkSession(request, config, { reissue: "stale" })
    expect(check.setCookie.map((cookie) => cookie.split("=")[0])).toEqual(["authjs.session-token"])
  })
})
