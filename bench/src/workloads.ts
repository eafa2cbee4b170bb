/**
 * The in-process workloads: `Auth(request, config)` called directly, as a framework integration
 * or an edge middleware calls it. Each is set up the same way for every implementation and
 * checked once, thoroughly, before it is timed.
 */
import { BASE_PATH, ORIGIN, SECRET, SESSION_COOKIE, silentLogger, USER } from "./fixtures.js"
import { type AuthOptions, authjsJwt, loadTarget, type Target, type TargetId } from "./targets.js"

/** One operation of a workload, ready to repeat. */
export interface Runner {
  /** Runs the operation once; throws when the response is not the expected one. */
  op(): Promise<void>
  /** Checks once, thoroughly, that the operation does what it should. */
  verify(): Promise<void>
  /** Releases what the runner holds (a Redis connection), when it holds anything. */
  close?(): Promise<void>
}

/** A workload timed for one of our builds against Auth.js. */
export interface Workload {
  readonly id: string
  readonly title: string
  /** Operations kept in flight at once. */
  readonly concurrency: number
  /** Which of our builds runs it. */
  readonly ours: TargetId
  /** The ratio ours/Auth.js (ops/s) issue 6 asks for. */
  readonly minRatio?: number
  setup(target: Target): Promise<Runner>
  /**
   * For a row that times what a feature of ours costs: the same operation on our build without
   * the feature, run in Auth.js's place (the "Auth.js" column then holds ours without it).
   */
  baseline?(target: Target): Promise<Runner>
  /** Needs the Redis server of `REDIS_URL`; left out without one. */
  readonly needsRedis?: boolean
}

/** Whether a workload can run here: those that need Redis only with `REDIS_URL` set. */
export function canRun(workload: Workload): boolean {
  return !workload.needsRedis || Boolean(process.env.REDIS_URL)
}

/** A JWT-session config with a credentials provider that signs in as {@link USER}. */
export function jwtConfig(target: Target): AuthOptions {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    logger: silentLogger,
    providers: [
      target.Credentials({
        credentials: { username: {}, password: {} },
        authorize: async () => ({ ...USER }),
      }),
    ],
  }
}

function databaseConfig(target: Target, adapter: AuthOptions, store?: unknown): AuthOptions {
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

function get(path: string, cookie?: string): Request {
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

function expectStatus(response: Response, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(`${what}: expected status ${status}, got ${response.status}.`)
  }
}

/** Checks that a `/session` response body is {@link USER}'s session. */
async function expectSession(response: Response, what: string): Promise<void> {
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
async function signIn(target: Target, config: AuthOptions): Promise<Response> {
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
function sessionGetRunner(
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

/** GET `/session` with the JWT cookie a real sign-in set; checks the re-issued token. */
export async function jwtSessionRunner(target: Target): Promise<Runner> {
  const config = jwtConfig(target)
  const token = cookieValue(await signIn(target, config), SESSION_COOKIE)
  await assertAuthjsDecodes(token, `${target.label} sign-in`)
  const cookie = `${SESSION_COOKIE}=${token}`
  return sessionGetRunner(target, config, cookie, async (response) => {
    await expectSession(response, "GET /session")
    await assertAuthjsDecodes(cookieValue(response, SESSION_COOKIE), "GET /session re-issue")
  })
}

/**
 * GET `/session` as a polling browser sends it: each time with the session cookie the previous
 * response set, so no token is read twice (our decrypted tokens never answer). The cost of
 * reading the re-issued cookie off each response is the harness's, on both sides.
 */
async function pollingJwtSessionRunner(target: Target): Promise<Runner> {
  const config = jwtConfig(target)
  let token = cookieValue(await signIn(target, config), SESSION_COOKIE)
  const poll = async () => {
    const response = await target.Auth(get("/session", `${SESSION_COOKIE}=${token}`), config)
    expectStatus(response, 200, "GET /session")
    const reissued = cookieValue(response, SESSION_COOKIE)
    if (!reissued) throw new Error("GET /session did not re-issue the session cookie.")
    token = reissued
    return response
  }
  return {
    async op() {
      await (await poll()).arrayBuffer()
    },
    async verify() {
      await expectSession(await poll(), "GET /session")
      await assertAuthjsDecodes(token, "GET /session re-issue")
      await expectSession(await poll(), "GET /session with the re-issued cookie")
    },
  }
}

async function noCookieRunner(target: Target): Promise<Runner> {
  return sessionGetRunner(target, jwtConfig(target), undefined, async (response) => {
    if ((await response.json()) !== null) throw new Error("GET /session: expected null.")
    // Auth.js also sets its CSRF and callback-URL cookies here; neither sets a session.
    if (cookieValue(response, SESSION_COOKIE) !== undefined) {
      throw new Error("GET /session without a cookie set a session cookie.")
    }
  })
}

/**
 * GET `/session` with a hostile 4 MB `Cookie` header of a million tiny pairs: the cost of reading
 * what an attacker sends (the unit tests check what is read; this row times it).
 */
async function hostileCookieRunner(target: Target): Promise<Runner> {
  const header = "a=b;".repeat(1_000_000)
  return sessionGetRunner(target, jwtConfig(target), header, async (response) => {
    if ((await response.json()) !== null) throw new Error("GET /session: expected null.")
  })
}

async function databaseSessionRunner(target: Target): Promise<Runner> {
  const adapter = target.createAdapter() as Record<string, (...args: unknown[]) => Promise<unknown>>
  return databaseSessionWith(target, adapter)
}

/** GET `/session` with a database session stored through `adapter`. */
async function databaseSessionWith(
  target: Target,
  adapter: Record<string, (...args: unknown[]) => Promise<unknown>>,
  store?: unknown,
): Promise<Runner> {
  const config = databaseConfig(target, adapter, store)
  const user = (await adapter.createUser!({
    email: USER.email,
    name: USER.name,
    image: USER.image,
    emailVerified: null,
  })) as { id: string }
  const sessionToken = crypto.randomUUID()
  await adapter.createSession!({
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  })
  const cookie = `${SESSION_COOKIE}=${sessionToken}`
  return sessionGetRunner(target, config, cookie, (response) =>
    expectSession(response, "GET /session, database"),
  )
}

/**
 * GET `/session` with a JWT cookie, the token's revocation looked up in `store` (`false`: not
 * revocable, no lookup). The store's `close` closes the runner.
 */
async function revocableJwtRunner(
  target: Target,
  store: { store: unknown; close?(): Promise<void> } | false,
): Promise<Runner> {
  const config = { ...jwtConfig(target), session: { store: store === false ? false : store.store } }
  const token = cookieValue(await signIn(target, config), SESSION_COOKIE)
  await assertAuthjsDecodes(token, `${target.label} sign-in`)
  const runner = sessionGetRunner(target, config, `${SESSION_COOKIE}=${token}`, (response) =>
    expectSession(response, "GET /session, revocable"),
  )
  return store && store.close !== undefined ? { ...runner, close: store.close } : runner
}

/** Our in-memory session store: `@auth/core`'s default. */
function memoryStoreRunner(target: Target): Promise<Runner> {
  return revocableJwtRunner(target, { store: undefined })
}

/**
 * A store on the Redis of `REDIS_URL` through node-redis, under a key prefix of its own;
 * `clientSideCache`: node-redis keeps what it read, and Redis tells it when a key changes
 * (RESP3 client-side caching), so a read of an unchanged token's keys stays in the process.
 */
async function redisStoreRunner(target: Target, clientSideCache = false): Promise<Runner> {
  const { createClient } = await import("redis")
  const { createRedisStore } = await import("@auth/core/redis")
  const client = await createClient({
    url: process.env.REDIS_URL,
    ...(clientSideCache ? { RESP: 3, clientSideCache: { ttl: 0, maxEntries: 10_000 } } : {}),
  })
    .on("error", () => {})
    .connect()
  const prefix = `bench:${crypto.randomUUID()}:`
  const close = async () => {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) {
      if (keys.length > 0) await client.del(keys)
    }
    await client.quit()
  }
  return revocableJwtRunner(target, { store: createRedisStore(client, { prefix }), close })
}

/**
 * GET `/session` with a database session on our memory adapter and a GitHub provider, whose
 * refresh-failure mark (`getAccessToken`) is looked up in a Redis `session.store`; the baseline
 * has `store: false`, which looks nothing up.
 */
async function markedDatabaseRunner(target: Target): Promise<Runner> {
  const { createClient } = await import("redis")
  const { createRedisStore } = await import("@auth/core/redis")
  const client = await createClient({ url: process.env.REDIS_URL })
    .on("error", () => {})
    .connect()
  const prefix = `bench:${crypto.randomUUID()}:`
  const adapter = target.createAdapter() as Record<string, (...args: unknown[]) => Promise<unknown>>
  const runner = await databaseSessionWith(target, adapter, createRedisStore(client, { prefix }))
  return {
    ...runner,
    async close() {
      await runner.close?.()
      await client.quit()
    },
  }
}

/**
 * GET `/session` with a database session on our memory adapter; `tracked: false` takes away the
 * adapter's `listSessions`, so that no session details (last use, device) are kept.
 */
async function trackedDatabaseRunner(target: Target, tracked: boolean): Promise<Runner> {
  const adapter = target.createAdapter() as Record<string, (...args: unknown[]) => Promise<unknown>>
  if (!tracked) delete adapter.listSessions
  return databaseSessionWith(target, adapter)
}

async function csrfRunner(target: Target): Promise<Runner> {
  const config = jwtConfig(target)
  return {
    async op() {
      const response = await target.Auth(get("/csrf"), config)
      expectStatus(response, 200, "GET /csrf")
      await response.arrayBuffer()
    },
    async verify() {
      const response = await target.Auth(get("/csrf"), config)
      expectStatus(response, 200, "GET /csrf")
      const { csrfToken } = (await response.json()) as { csrfToken?: unknown }
      if (typeof csrfToken !== "string" || csrfToken.length < 32) {
        throw new Error("GET /csrf: no token.")
      }
      if (!cookieValue(response, "authjs.csrf-token")) throw new Error("GET /csrf: no cookie.")
    },
  }
}

async function signInRunner(target: Target): Promise<Runner> {
  return signInWith(target, jwtConfig(target))
}

/** A credentials sign-in with the `rateLimit` option given (`false`: no limits). */
function limitedSignInRunner(target: Target, rateLimit: unknown): Promise<Runner> {
  return signInWith(target, { ...jwtConfig(target), rateLimit })
}

/** A credentials sign-in, limits counted in Redis (`REDIS_URL`) under a prefix of its own. */
async function redisLimitedSignInRunner(target: Target): Promise<Runner> {
  const { createClient } = await import("redis")
  const { createRedisStore } = await import("@auth/core/redis")
  const client = await createClient({ url: process.env.REDIS_URL })
    .on("error", () => {})
    .connect()
  const prefix = `bench:${crypto.randomUUID()}:`
  const runner = await limitedSignInRunner(target, { store: createRedisStore(client, { prefix }) })
  const close = async () => {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) {
      if (keys.length > 0) await client.del(keys)
    }
    await client.quit()
  }
  return { ...runner, close }
}

/** Credentials sign-ins (GET csrf, POST callback) with `config`, each checked by Auth.js's decode. */
async function signInWith(target: Target, config: AuthOptions): Promise<Runner> {
  return {
    async op() {
      await signIn(target, config)
    },
    async verify() {
      const response = await signIn(target, config)
      await assertAuthjsDecodes(cookieValue(response, SESSION_COOKIE), "credentials sign-in")
    },
  }
}

export const WORKLOADS: readonly Workload[] = [
  {
    id: "session-jwt",
    title: "session GET, JWT, one at a time (Node)",
    concurrency: 1,
    ours: "ours",
    minRatio: 10,
    setup: jwtSessionRunner,
  },
  {
    id: "session-jwt-16",
    title: "session GET, JWT, 16 in flight (Node)",
    concurrency: 16,
    ours: "ours",
    minRatio: 5,
    setup: jwtSessionRunner,
  },
  {
    id: "session-jwt-webcrypto",
    title: "session GET, JWT, WebCrypto build",
    concurrency: 1,
    ours: "ours-webcrypto",
    minRatio: 2,
    setup: jwtSessionRunner,
  },
  {
    id: "session-jwt-polling",
    title:
      "session GET, JWT, each with the cookie the previous one set, as a polling browser (Node)",
    concurrency: 1,
    ours: "ours",
    setup: pollingJwtSessionRunner,
  },
  {
    id: "session-none",
    title: "session GET, no cookie",
    concurrency: 1,
    ours: "ours",
    setup: noCookieRunner,
  },
  {
    id: "session-database",
    title: "session GET, database, in-memory adapter",
    concurrency: 1,
    ours: "ours",
    minRatio: 3,
    setup: databaseSessionRunner,
  },
  {
    id: "session-hostile-cookie",
    title: "session GET, a 4 MB Cookie header of a million pairs",
    concurrency: 1,
    ours: "ours",
    setup: hostileCookieRunner,
  },
  {
    id: "revocation-memory",
    title: "session GET, JWT, revocation checked in memory (vs `store: false`)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: memoryStoreRunner,
    baseline: (target) => revocableJwtRunner(target, false),
  },
  {
    id: "revocation-redis",
    title: "session GET, JWT, revocation checked in Redis (vs `store: false`)",
    concurrency: 16,
    ours: "ours",
    setup: redisStoreRunner,
    baseline: (target) => revocableJwtRunner(target, false),
    needsRedis: true,
  },
  {
    id: "revocation-redis-cached",
    title:
      "session GET, JWT, revocation checked in Redis with node-redis client-side caching (vs `store: false`)",
    concurrency: 16,
    ours: "ours",
    setup: (target) => redisStoreRunner(target, true),
    baseline: (target) => revocableJwtRunner(target, false),
    needsRedis: true,
  },
  {
    id: "signin-limits-memory",
    title: "credentials sign-in, rate limits in memory (vs `rateLimit: false`)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: (target) => limitedSignInRunner(target, undefined),
    baseline: (target) => limitedSignInRunner(target, false),
  },
  {
    id: "signin-limits-redis",
    title: "credentials sign-in, rate limits in Redis (vs `rateLimit: false`)",
    concurrency: 1,
    ours: "ours",
    setup: redisLimitedSignInRunner,
    baseline: (target) => limitedSignInRunner(target, false),
    needsRedis: true,
  },
  {
    id: "session-database-tracked",
    title: "session GET, database, last use and device kept (vs an adapter without listSessions)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: (target) => trackedDatabaseRunner(target, true),
    baseline: (target) => trackedDatabaseRunner(target, false),
  },
  {
    id: "session-database-refresh-mark-redis",
    title:
      "session GET, database, refresh-failure mark in a Redis session store (vs `store: false`)",
    concurrency: 1,
    ours: "ours",
    minRatio: 0.9,
    setup: markedDatabaseRunner,
    baseline: (target) =>
      databaseSessionWith(
        target,
        target.createAdapter() as Record<string, (...args: unknown[]) => Promise<unknown>>,
        false,
      ),
    needsRedis: true,
  },
  { id: "csrf", title: "csrf GET", concurrency: 1, ours: "ours", setup: csrfRunner },
  {
    id: "signin-credentials",
    title: "credentials sign-in (csrf GET + callback POST)",
    concurrency: 1,
    ours: "ours",
    minRatio: 5,
    setup: signInRunner,
  },
]

/** Sets up and verifies a workload for one of our builds and for Auth.js. */
export async function prepareWorkload(workload: Workload): Promise<[Runner, Runner]> {
  const [ours, authjs] = await Promise.all([loadTarget(workload.ours), loadTarget("authjs")])
  const other = workload.baseline ? workload.baseline(ours) : workload.setup(authjs)
  const runners = [await workload.setup(ours), await other] as [Runner, Runner]
  for (const runner of runners) await runner.verify()
  return runners
}
