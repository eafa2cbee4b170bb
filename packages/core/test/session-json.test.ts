/**
 * `sessionAsJson` (`@auth/core/server` and `@auth/core/session`): the shape every integration's
 * server helper gives a session in is the body of `GET <basePath>/session`, whatever the
 * `session` callback returned.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "../src/index.js"
import { encode } from "../src/jwt.js"
import { getSession, sessionAsJson } from "../src/server.js"
import type { AuthConfig, Session } from "../src/types.js"

const SECRET = "session-json-secret-that-is-long-enough-for-the-check"
const COOKIE = "authjs.session-token"

function config(session: (session: Session) => Session): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    providers: [],
    session: { store: false },
    callbacks: { session: ({ session: base }) => session(base) },
  }
}

async function signedInRequest(path: string): Promise<Request> {
  const token = await encode({
    token: { sub: "ada", name: "Ada", email: "ada@example.test" },
    secret: SECRET,
    salt: COOKIE,
  })
  return new Request(`http://localhost${path}`, { headers: { cookie: `${COOKIE}=${token}` } })
}

describe("sessionAsJson", () => {
  it("gives what GET /session sends: dates as ISO strings, undefined fields left out", async () => {
    const withExtras = config((session) => ({
      ...session,
      signedInAt: new Date("2026-11-28T12:00:00.000Z"),
      nickname: undefined,
      roles: ["admin"],
    }))
    const response = await Auth(await signedInRequest("/auth/session"), withExtras)
    const sent = (await response.json()) as Session
    const { session } = await getSession(await signedInRequest("/"), withExtras)

    const json = sessionAsJson(session)
    // `expires` is counted from each read's own clock.
    expect({ ...json, expires: "" }).toEqual({ ...sent, expires: "" })
    expect(json).toMatchObject({ signedInAt: "2026-11-28T12:00:00.000Z", roles: ["admin"] })
    expect(json).not.toHaveProperty("nickname")
    // The session read on the server keeps what the callback gave; the JSON form does not.
    expect((session as unknown as { signedInAt: unknown }).signedInAt).toBeInstanceOf(Date)
  })

  it("is null for no session, and for the empty object a session callback may give", () => {
    expect(sessionAsJson(null)).toBeNull()
    expect(sessionAsJson(undefined)).toBeNull()
    expect(sessionAsJson({} as Session)).toBeNull()
    expect(sessionAsJson({ expires: undefined } as unknown as Session)).toBeNull()
  })
})
