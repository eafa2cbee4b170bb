import { createActionURL, prefersJson } from "@auth/core"
import { checkSession, type SessionCheck } from "@auth/core/session"
import type { Session } from "@auth/core/types"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { configFor, type ExpressAuthConfig, prepareConfig } from "./config.js"
import type { ExpressMiddleware } from "./middleware.js"
import { requestOrigin, requestPath } from "./origin.js"
import { rejectRequest } from "./response.js"

declare global {
  namespace Express {
    /** `res.locals` of every Express app that uses `@auth/express`. */
    interface Locals {
      /**
       * The request's session, or `null`: set by `authSession()` and `requireAuth()` (on routes
       * they do not run on, it is `undefined` at run time).
       */
      session: Session | null
    }
  }
}

/** What {@link getSession} resolves to. */
export type GetSessionResult = Promise<Session | null>

/**
 * How a failed session read is reported: as what GET `/session` answers with (a config mistake:
 * `500` with its message; a callback that threw: a redirect to the error page), so the errors
 * read as they did when `getSession` went through `Auth()`.
 */
const FAILURE_ANSWERS: Record<NonNullable<SessionCheck["failure"]>, string> = {
  config:
    "500: There was a problem with the server configuration. Check the server logs for more information.",
  error: "302.",
  unavailable: "503: the database cannot be reached right now.",
}

/**
 * Reads the session of a request from its cookies, without answering it: `null` when there is
 * none. The session is read as GET `/session` reads it (core's `checkSession`) and returned as
 * that response carries it, JSON; the cookies that read would re-issue are not set.
 *
 * The session URL is built like `ExpressAuth` builds its request URLs (scheme and host from the
 * request, forwarded headers only from a trusted proxy), so both agree on the cookie names.
 *
 * Also `null`, never an exception, when no session can exist: the `Host` header is not a host a
 * URL can have (`evil.example:99999`), so no cookie can belong to it; or, outside production, the
 * config has a mistake (reported once, when the config was first used).
 *
 * @throws {AuthError} in production, a configuration mistake (no secret, an untrusted host…)
 * @throws {Error} when GET `/session` would answer other than `200` for another reason: a
 *   redirect to the error page when the `jwt` or `session` callback throws (JWT strategy); or,
 *   with `status: 503`, the adapter's database cannot be reached; the cause is in the server log
 * @see https://authjs.dev/reference/express#getsession
 * @example
 * app.get("/api/me", async (req, res) => {
 *   const session = await getSession(req, authConfig)
 *   res.json(session)
 * })
 */
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig): GetSessionResult {
  const prepared = prepareConfig(config)
  if (prepared.error) return null
  const origin = requestOrigin(req)
  if (!origin) return null
  const { protocol, host } = new URL(origin)
  const cookie = req.get("cookie")
  // `{}`: the URL is the request's, as ExpressAuth hands core; core moves both to AUTH_URL's
  // origin when it is set, so the two always agree on the cookie names.
  const url = createActionURL("session", protocol, new Headers({ host }), {}, prepared.base)
  const request = new Request(url, { headers: cookie ? { cookie } : {} })
  const { session, failure } = await checkSession(request, prepared.base)
  if (failure) {
    const error = new Error(`getSession: GET ${url.pathname} answered ${FAILURE_ANSWERS[failure]}`)
    // Express's error handlers answer with `status`: a database outage is a 503, not a 500.
    if (failure === "unavailable") Object.assign(error, { status: 503, statusCode: 503 })
    throw error
  }
  // The session as GET /session sends it: dates become strings, undefined values are left out.
  const body: unknown = JSON.parse(JSON.stringify(session ?? null))
  return isRecord(body) && Object.keys(body).length > 0 ? (body as unknown as Session) : null
}

/**
 * A middleware that puts the request's session (or `null`) on `res.locals.session`, for the
 * routes and views after it. `res.locals.session` is typed `Session | null` in every app that
 * imports `@auth/express`.
 *
 * A `Host` no URL can have gets `400` (RFC 9112 §3.2: a server answers an invalid `Host` with 400;
 * Auth.js answered 500 on every route). Outside production a config mistake gives `null` and the
 * app's route runs.
 *
 * @throws {AuthError} in production, a configuration mistake, when the middleware is created
 * @throws {Error} passed to `next` as {@link getSession} throws it
 * @example
 * app.use(authSession(authConfig))
 * app.get("/", (req, res) => res.render("home", { session: res.locals.session }))
 */
export function authSession(config: ExpressAuthConfig): ExpressMiddleware {
  prepareConfig(config)
  return async (req, res, next) => {
    if (!requestOrigin(req)) {
      rejectRequest(res, 400)
      return
    }
    try {
      res.locals.session = await getSession(req, config)
    } catch (error) {
      next(error)
      return
    }
    next()
  }
}

/** Options of {@link requireAuth}. */
export interface RequireAuthOptions {
  /**
   * Where unauthenticated browsers are sent, with `callbackUrl` added to the query.
   * @default `pages.signIn` if set, else `<basePath>/signin`, where basePath is `config.basePath`,
   *   else `AUTH_URL`'s path, else `/auth` (pass this option when `ExpressAuth` is mounted at
   *   another path and the config names none)
   */
  signInPath?: string
}

/** What the route after {@link requireAuth} finds in `res.locals`: a session, never `null`. */
export interface AuthenticatedLocals extends Record<string, unknown> {
  session: Session
}

/**
 * A middleware that lets only signed-in requests through, with their session on
 * `res.locals.session` (reused if {@link authSession} ran first; typed `Session` in the route
 * handlers after it). Other requests are answered: `401` with JSON `{ "error": "Unauthorized" }`
 * when they ask for JSON (`Accept` prefers `application/json` over HTML, or
 * `X-Requested-With: XMLHttpRequest`), else `303` to the sign-in page with `callbackUrl` set to
 * the path and query they asked for; a `Host` no URL can have gets `400`.
 *
 * @throws {AuthError} in production, a configuration mistake, when the middleware is created
 * @throws {Error} passed to `next` as {@link getSession} throws it
 * @see spec 5.7: protected routes redirect unauthenticated users to sign in
 * @example
 * app.use("/auth", ExpressAuth(authConfig))
 * app.get("/dashboard", requireAuth(authConfig), (req, res) => {
 *   res.send(`Hello ${res.locals.session.user?.name}`)
 * })
 */
export function requireAuth(
  config: ExpressAuthConfig,
  options: RequireAuthOptions = {},
): ExpressMiddleware<AuthenticatedLocals> {
  prepareConfig(config)
  return async (req, res, next) => {
    if (!requestOrigin(req)) {
      rejectRequest(res, 400)
      return
    }
    let session: Session | null
    try {
      session = await sessionOf(req, res, config)
    } catch (error) {
      next(error)
      return
    }
    if (session) {
      next()
      return
    }
    res.vary("Accept").vary("X-Requested-With")
    if (wantsJson(req)) {
      res.status(401).json({ error: "Unauthorized" })
      return
    }
    res.redirect(303, signInLocation(req, config, options))
  }
}

async function sessionOf(
  req: ExpressRequest,
  res: ExpressResponse<unknown, Record<string, unknown>>,
  config: ExpressAuthConfig,
): Promise<Session | null> {
  // `undefined` when authSession did not run before, whatever the type says.
  const known: Session | null | undefined = res.locals.session as Session | null | undefined
  if (known !== undefined) return known
  const session = await getSession(req, config)
  res.locals.session = session
  return session
}

/** Core's JSON-or-page decision, the one every integration's route guard makes. */
function wantsJson(req: ExpressRequest): boolean {
  const headers = new Headers()
  for (const name of ["accept", "x-requested-with"]) {
    const value = req.get(name)
    if (value !== undefined) headers.set(name, value)
  }
  return prefersJson(headers)
}

function signInLocation(
  req: ExpressRequest,
  config: ExpressAuthConfig,
  options: RequireAuthOptions,
): string {
  const basePath = (configFor(prepareConfig(config), "").basePath ?? "").replace(/\/+$/, "")
  const signIn = options.signInPath ?? config.pages?.signIn ?? `${basePath}/signin`
  const query = new URLSearchParams({ callbackUrl: requestPath(req) ?? "/" })
  return `${signIn}${signIn.includes("?") ? "&" : "?"}${query}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
