/**
 * An adapter whose database is unreachable signals it with an error (or a cause) whose `code` is
 * `"ERR_DATABASE_UNAVAILABLE"` (`DatabaseUnavailableError` of `@auth/core/adapters`): the request
 * is answered 503, not sent to the configuration error page. Every adapter failure is logged as
 * an `AdapterError` whose message names the method and the cause (Auth.js leaves it empty).
 */
import { describe, expect, it } from "vitest"
import { type Adapter, DatabaseUnavailableError } from "../src/adapters.js"
import { AdapterError } from "../src/errors.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import { checkSession } from "../src/session.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, recordingLogger, SECRET } from "./support/client.js"

/** A memory adapter whose `createSession` throws `failure`. */
function failingAdapter(failure: unknown): Adapter {
  return {
    ...MemoryAdapter(),
    createSession: () => Promise.reject(failure),
  }
}

function unavailable(message = "connect ECONNREFUSED 127.0.0.1:5432"): Error {
  return Object.assign(new Error(`Database unavailable: ${message}`), {
    code: "ERR_DATABASE_UNAVAILABLE",
  })
}

function signIn(adapter: Adapter, headers?: HeadersInit) {
  const log = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    logger: log.logger,
    providers: [
      Credentials({
        credentials: { username: { type: "text" } },
        authorize: ({ username }) => ({ email: `${String(username)}@example.test` }),
      }),
    ],
  }
  const client = new AuthClient(config)
  return {
    log,
    response: client
      .csrfToken()
      .then((csrfToken) =>
        client.postForm("/callback/credentials", { username: "ada", csrfToken }, headers),
      ),
  }
}

describe("a database outage", () => {
  it.each([
    ["thrown by the adapter", unavailable()],
    [
      "core's DatabaseUnavailableError",
      new DatabaseUnavailableError(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
    ],
    ["as the cause of what the adapter threw", new Error("query failed", { cause: unavailable() })],
  ])("answers 503 with Retry-After when the unavailable error is %s", async (_, failure) => {
    const { response, log } = signIn(failingAdapter(failure))
    const answer = await response
    expect(answer.status).toBe(503)
    expect(answer.headers.get("retry-after")).toBe("5")
    expect(answer.headers.get("cache-control")).toBe("no-store")
    expect(answer.headers.getSetCookie()).toEqual([])
    expect(await answer.json()).toEqual({
      message: "The service is temporarily unavailable. Try again in a moment.",
    })
    expect(log.errors[0]).toBeInstanceOf(AdapterError)
  })

  it("answers 503, not a URL, to clients that navigate themselves", async () => {
    const { response } = signIn(failingAdapter(unavailable()), { "X-Auth-Return-Redirect": "1" })
    expect((await response).status).toBe(503)
  })

  it("leaves other adapter failures on the error page, as Auth.js does", async () => {
    const { response } = signIn(failingAdapter(new Error("duplicate key")))
    const answer = await response
    expect(answer.status).toBe(302)
    expect(answer.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    )
  })
})

describe("a session read during a database outage", () => {
  /** A signed-in database session, then a database that stops answering. */
  async function signedInThenDown(): Promise<{ client: AuthClient; config: AuthConfig }> {
    const adapter = MemoryAdapter()
    let down = false
    const getSessionAndUser = adapter.getSessionAndUser!.bind(adapter)
    adapter.getSessionAndUser = (token) =>
      down ? Promise.reject(unavailable()) : getSessionAndUser(token)
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      logger: recordingLogger().logger,
      providers: [
        Credentials({
          credentials: { username: { type: "text" } },
          authorize: ({ username }) => ({ email: `${String(username)}@example.test` }),
        }),
      ],
    }
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    await client.postForm("/callback/credentials", { username: "ada", csrfToken })
    expect(await client.session()).toMatchObject({ user: { email: "ada@example.test" } })
    down = true
    return { client, config }
  }

  it("answers GET /session with 503 and keeps the cookie, instead of a signed-out null", async () => {
    const { client } = await signedInThenDown()
    const response = await client.get("/session")
    expect(response.status).toBe(503)
    expect(response.headers.get("retry-after")).toBe("5")
    expect(response.headers.getSetCookie().join()).not.toContain("session-token=;")
  })

  it('reports it from checkSession as failure "unavailable", with no session', async () => {
    const { client, config } = await signedInThenDown()
    const request = new Request(client.url("/session"), {
      headers: { cookie: client.cookieHeader() },
    })
    const check = await checkSession(request, config)
    expect(check).toMatchObject({ session: null, failure: "unavailable", setCookie: [] })
  })
})

describe("AdapterError", () => {
  it.each([
    [
      new Error('invalid input syntax for type integer: "app-id-7"'),
      'invalid input syntax for type integer: "app-id-7"',
    ],
    [new TypeError(""), "TypeError"],
    ["a string", "a string"],
  ])("names the method and the cause: %s", async (failure, cause) => {
    const { response, log } = signIn(failingAdapter(failure))
    await response
    const error = log.errors.find((logged) => logged instanceof AdapterError)
    expect(error?.message).toBe(`The adapter's createSession failed: ${cause}`)
    expect((error?.cause as { err?: unknown } | undefined)?.err).toBeInstanceOf(Error)
  })
})
