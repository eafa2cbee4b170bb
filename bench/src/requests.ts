/**
 * What the in-process workloads share: their configs, requests to `Auth()`, and the checks of its
 * answers, for every implementation alike.
 */
import { BASE_PATH, ORIGIN, SECRET, SESSION_COOKIE, silentLogger, USER } from "./fixtures.js"
import type { Runner } from "./runner.js"
import { type AuthOptions, authjsJwt, type Target } from "./targets.js"

/**
 * A JWT-session config with a credentials provider that signs in as {@link USER}, after
 * `beforeSignIn` (a Redis round trip, say) when given.
 */
export function jwtConfig(target: Target, beforeSignIn?: () => Promise<unknown>): AuthOptions {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    logger: silentLogger,
    providers: [
      target.Credentials({
        credentials: { username: {}, password: {} },
        authorize: beforeSignIn
          ? async () => {
              await beforeSignIn()
              return { ...USER }
            }
          : async () => ({ ...USER }),
      }),
    ],
  }
}

export function databaseConfig(target: Target, adapter: AuthOptions, store?: unknown): AuthOptions {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    logger: silentLogger,
    adapter,
    session: store === undefined ? { strategy: "database" } : { strategy: "database", store },
    providers: [target.GitHub({ clientId: "bench-client", clientSecret: "bench-secret" })],
  }
}

export function get(path: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${BASE_PATH}${path}`, cookie ? { headers: { cookie } } : {})
}

/** The `name=value` pairs a response sets, as a `Cookie` header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.slice(0, header.indexOf(";") === -1 ? undefined : header.indexOf(";")))
    .join("; ")
}

/** The value a response sets for a cookie, if it sets it. */
export function cookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    if (!header.startsWith(`${name}=`)) continue
    const end = header.indexOf(";")
    return decodeURIComponent(header.slice(name.length + 1, end === -1 ? undefined : end))
  }
  return undefined
}

export function expectStatus(response: Response, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(`${what}: expected status ${status}, got ${response.status}.`)
  }
}

/** Checks that a `/session` response body is {@link USER}'s session. */
export async function expectSession(response: Response, what: string): Promise<void> {
  const session = (await response.json()) as { user?: { email?: string } } | null
  if (session?.user?.email !== USER.email) throw new Error(`${what}: no session.`)
}

/** Checks that a session token decodes with the published Auth.js as {@link USER}'s. */
export async function assertAuthjsDecodes(token: string | undefined, what: string): Promise<void> {
  if (!token) throw new Error(`${what}: no session cookie was set.`)
  const { decode } = await authjsJwt()
  const claims = await decode({ token, secret: SECRET, salt: SESSION_COOKIE })
  if (claims?.email !== USER.email || claims?.name !== USER.name) {
    throw new Error(`${what}: the session token does not decode with Auth.js as the user's.`)
  }
}

/** Signs in through the credentials provider (GET csrf, POST callback); returns the response. */
export async function signIn(target: Target, config: AuthOptions): Promise<Response> {
  const csrf = await target.Auth(get("/csrf"), config)
  expectStatus(csrf, 200, "GET /csrf")
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const body = new URLSearchParams({ csrfToken, username: "ada", password: "pw" })
  const callback = await target.Auth(
    new Request(`${ORIGIN}${BASE_PATH}/callback/credentials`, {
      method: "POST",
      headers: { cookie: cookiesOf(csrf), "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
    config,
  )
  expectStatus(callback, 302, "POST /callback/credentials")
  await callback.arrayBuffer()
  return callback
}

/**
 * A runner that GETs `/session` (with `cookie`, when given): the timed op only reads the body;
 * `verify` also hands the response to `check`, which throws when it is wrong.
 */
export function sessionGetRunner(
  target: Target,
  config: AuthOptions,
  cookie: string | undefined,
  check: (response: Response) => Promise<void>,
): Runner {
  const fetchSession = async () => {
    const response = await target.Auth(get("/session", cookie), config)
    expectStatus(response, 200, "GET /session")
    return response
  }
  return {
    async op() {
      await (await fetchSession()).arrayBuffer()
    },
    async verify() {
      await check(await fetchSession())
    },
  }
}
