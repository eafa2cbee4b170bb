/**
 * better-auth (`better-auth` 1.7.25), the third implementation beside ours and Auth.js, configured
 * as its documentation recommends for each kind of session. Its sessions come from a real
 * email-and-password sign-up and sign-in through its own handler, never from cookies minted
 * here.
 *
 * @see https://better-auth.com/docs/concepts/session-management
 */
import { betterAuth } from "better-auth"
import { memoryAdapter } from "better-auth/adapters/memory"
import type { Pool } from "pg"
import { ORIGIN, SECRET, USER } from "./fixtures.js"

/** better-auth's default base path: its session read is `GET /api/auth/get-session`. */
export const BETTER_AUTH_BASE_PATH = "/api/auth"
/** Its session cookies: the signed session token, and the session itself when cached in a cookie. */
export const BETTER_AUTH_SESSION_TOKEN = "better-auth.session_token"
export const BETTER_AUTH_SESSION_DATA = "better-auth.session_data"
/** The bench user's password (better-auth asks for at least 8 characters). */
const PASSWORD = "bench-password-of-ada"
/** The cookie cache's lifetime the documentation shows for database sessions: 5 minutes. */
export const COOKIE_CACHE_SECONDS = 5 * 60
/** better-auth's default session lifetime (7 days), which its stateless cookie cache lasts. */
const SESSION_SECONDS = 7 * 24 * 60 * 60

type BetterAuthOptions = Parameters<typeof betterAuth>[0]

/** What the workloads use of a better-auth instance: its `Request -> Response` handler. */
export interface BetterAuthInstance {
  handler(request: Request): Promise<Response>
}

/** How the instance keeps its sessions. */
export type BetterAuthStorage =
  /** No database: its stateless mode, the session in an encrypted `session_data` cookie. */
  | { kind: "stateless"; reissueEveryRead?: boolean }
  /** Its memory adapter: a session row per sign-in, looked up on every read. */
  | { kind: "memory" }
  /** PostgreSQL through a `pg` Pool, optionally with the 5-minute `session.cookieCache`. */
  | { kind: "postgres"; pool: Pool; cookieCache: boolean }

/**
 * The options every instance shares. Rate limiting is off, as better-auth has it outside
 * production (its default): neither Auth.js nor we limit session reads.
 */
function sharedOptions(): BetterAuthOptions {
  return {
    secret: SECRET,
    baseURL: ORIGIN,
    emailAndPassword: { enabled: true },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
  }
}

/**
 * The options for one kind of storage. Stateless is better-auth's own default without a
 * database (a JWE `session_data` cookie lasting the session's 7 days, refreshed in its last
 * fifth); `reissueEveryRead` refreshes it on every read instead, so that each read hands out a
 * new token, as our and Auth.js's `/session` do.
 */
export function betterAuthOptions(storage: BetterAuthStorage): BetterAuthOptions {
  switch (storage.kind) {
    case "stateless":
      return storage.reissueEveryRead
        ? {
            ...sharedOptions(),
            session: {
              cookieCache: {
                enabled: true,
                strategy: "jwe",
                maxAge: SESSION_SECONDS,
                refreshCache: { updateAge: SESSION_SECONDS },
              },
            },
          }
        : sharedOptions()
    case "memory":
      return {
        ...sharedOptions(),
        database: memoryAdapter({ user: [], session: [], account: [], verification: [] }),
      }
    case "postgres":
      return {
        ...sharedOptions(),
        database: storage.pool,
        ...(storage.cookieCache && {
          session: { cookieCache: { enabled: true, maxAge: COOKIE_CACHE_SECONDS } },
        }),
      }
  }
}

/** A better-auth instance keeping its sessions as `storage` says. */
export function createBetterAuth(storage: BetterAuthStorage): BetterAuthInstance {
  return betterAuth(betterAuthOptions(storage))
}

/** A request to better-auth's handler under its base path. */
export function betterAuthRequest(path: string, init: RequestInit = {}): Request {
  return new Request(`${ORIGIN}${BETTER_AUTH_BASE_PATH}${path}`, init)
}

/** POSTs JSON as better-auth's client does (with the `Origin` its CSRF check wants). */
function postJson(path: string, body: Record<string, unknown>): Request {
  return betterAuthRequest(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify(body),
  })
}

/** The `name=value` pairs a response sets (an expired cookie left out), as a `Cookie` header. */
export function setCookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((header) => !/;\s*max-age=0/i.test(header))
    .map((header) => header.slice(0, header.indexOf(";") === -1 ? undefined : header.indexOf(";")))
    .join("; ")
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.status !== 200) {
    throw new Error(`better-auth ${what}: expected status 200, got ${response.status}.`)
  }
  await response.arrayBuffer()
}

/**
 * Signs {@link USER} up with email and password, then in, through the handler; returns the
 * `Cookie` header the sign-in response sets (the session token, and the session itself when
 * cached in a cookie).
 *
 * @throws {Error} When either step fails or the sign-in sets no session token.
 */
export async function signInToBetterAuth(auth: BetterAuthInstance): Promise<string> {
  const credentials = { email: USER.email, password: PASSWORD }
  const signUp = await auth.handler(postJson("/sign-up/email", { ...credentials, name: USER.name }))
  await expectOk(signUp, "POST /sign-up/email")
  const signIn = await auth.handler(postJson("/sign-in/email", credentials))
  const cookie = setCookiesOf(signIn)
  await expectOk(signIn, "POST /sign-in/email")
  if (!cookie.includes(`${BETTER_AUTH_SESSION_TOKEN}=`)) {
    throw new Error("better-auth POST /sign-in/email set no session token.")
  }
  return cookie
}

/** Reads the session with `cookie` (none: no `Cookie` header); the response, status checked. */
export async function readBetterAuthSession(
  auth: BetterAuthInstance,
  cookie?: string,
): Promise<Response> {
  const response = await auth.handler(
    betterAuthRequest("/get-session", cookie ? { headers: { cookie } } : {}),
  )
  if (response.status !== 200) {
    throw new Error(`better-auth GET /get-session: expected status 200, got ${response.status}.`)
  }
  return response
}

/** Checks that a `/get-session` body is {@link USER}'s session. */
export async function expectBetterAuthUser(response: Response, what: string): Promise<void> {
  const body = (await response.json()) as { user?: { email?: string } } | null
  if (body?.user?.email !== USER.email) throw new Error(`better-auth ${what}: no session.`)
}
