// The part of a two-process access-token test's instance that both instance scripts share (core's
// JWT one, test/support/access-token-instance.mjs, and @auth/pg-adapter's database one): tells the
// parent `{ ready: true }` over IPC; on "go" calls getAccessToken CALLS times at once with the
// cookie COOKIE, sends `{ results }` back (each `{ accessToken }` or `{ code, message }`), runs
// `close` and exits.
import { getAccessToken } from "@auth/core/server"

/** The config of an instance: an OIDC provider `idp` (ISSUER, CLIENT_ID, CLIENT_SECRET). */
export function instanceConfig(session, adapter) {
  return {
    secret: process.env.SECRET,
    trustHost: true,
    basePath: "/auth",
    adapter,
    session,
    logger: { error() {}, warn() {}, debug() {} },
    providers: [
      {
        id: "idp",
        name: "Test IdP",
        type: "oidc",
        issuer: process.env.ISSUER,
        clientId: process.env.CLIENT_ID,
        clientSecret: process.env.CLIENT_SECRET,
      },
    ],
  }
}

/** Answers the parent's "go" with the results of CALLS concurrent calls, then exits. */
export function answerAccessTokenCalls(config, close) {
  process.on("message", async (message) => {
    if (message !== "go") return
    const request = () =>
      new Request("http://localhost:3000/dashboard", { headers: { cookie: process.env.COOKIE } })
    const results = await Promise.all(
      Array.from({ length: Number(process.env.CALLS) }, () =>
        getAccessToken(request(), config, { provider: "idp" }),
      ),
    )
    const answers = results.map((result) =>
      result.error
        ? { code: result.code, message: result.error.message }
        : { accessToken: result.accessToken },
    )
    process.send({ results: answers }, () => {
      close().finally(() => process.exit(0))
    })
  })
  process.send({ ready: true })
}
