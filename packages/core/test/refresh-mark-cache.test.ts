/**
 * The refresh-failure mark of database sessions (`session.error = "RefreshAccessTokenError"`)
 * costs a session-store call per read only once per user every 10 s in one process: a mark
 * another instance notes shows within that time, one this process notes or clears at once.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { Auth } from "../src/index.js"
import { createMemorySessionStore } from "../src/internal/session-store/memory.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import GitHub from "../src/providers/github.js"
import type { SessionStore } from "../src/types/sessions.js"
import type { AuthConfig } from "../src/types.js"
import { SECRET } from "./support/client.js"

afterEach(() => {
  vi.useRealTimers()
})

/** A database-session app with an OAuth provider, its store counting `getFields` calls. */
async function signedInApp() {
  const shared = createMemorySessionStore()
  const reads = { count: 0 }
  const store: SessionStore = {
    ...shared,
    getFields: (key) => {
      reads.count++
      return shared.getFields(key)
    },
  }
  const adapter = MemoryAdapter()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy: "database", store },
    providers: [GitHub({ clientId: "id", clientSecret: "secret" })],
  }
  const user = await adapter.createUser!({
    id: "",
    email: "ada@example.test",
    emailVerified: null,
  })
  const sessionToken = crypto.randomUUID()
  await adapter.createSession!({
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + 86_400_000),
  })
  const read = async () => {
    const request = new Request("http://localhost:3000/auth/session", {
      headers: { cookie: `authjs.session-token=${sessionToken}` },
    })
    return (await (await Auth(request, config)).json()) as { error?: string } | null
  }
  return { read, reads, shared, user }
}

describe("the refresh-failure mark of a database session", () => {
  it("asks the store once per user in 10 s, and shows another instance's mark after that", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { read, reads, shared, user } = await signedInApp()
    const first = await read()
    expect(first).toMatchObject({ user: { email: "ada@example.test" } })
    for (let i = 0; i < 4; i++) expect((await read())?.error).toBeUndefined()
    expect(reads.count).toBe(1)

    // Another instance's failed refresh, written straight to the shared store.
    await shared.setField(`access-token-error:${user.id}`, "github", "RefreshAccessTokenError", 60)
    expect((await read())?.error).toBeUndefined()
    vi.setSystemTime(Date.now() + 10_001)
    expect((await read())?.error).toBe("RefreshAccessTokenError")
    expect(reads.count).toBe(2)
  })
})
