import {
  CONFIG_ERROR_MESSAGE,
  guard,
  invalidHostResponse,
  type PreparedConfig,
  pathOnOrigin,
  getSession as readSession,
  type SessionFailure,
  sessionAsJson,
} from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { type ExpressAuthConfig, prepare } from "./config.js"
import { setCookies } from "./management.js"
import type { ExpressMiddleware } from "./middleware.js"
import { requestHeaders, requestURL } from "./request.js"
import { writeResponse } from "./response.js"

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
 * `500` with its message), so the errors read as they did when `getSession` went through
 * `Auth()`. A `jwt` or `session` callback that threw is no error there: GET `/session` answers
 * `null` (the cause logged as `JWTSessionError`), and so does `getSession`.
 */
const FAILURE_ANSWERS: Record<Exclude<SessionFailure, "error">, string> = {
  config: `500: ${CONFIG_ERROR_MESSAGE}`,
  unavailable: "503: the database cannot be reached right now.",
}

/**
 * Reads the session of a request from its cookies, without answering it: `null` when there is
 * none. The session is read as GET `/session` reads it (core's `getSession`) and returned as
 * that response carries it, JSON; the cookies that read would re-issue are not set (the
 * middlewares, `authSession` and `requireAuth`, set them).
 *
 * The request's URL is the one `ExpressAuth` hands core (forwarded headers only from a proxy
 * `trust proxy` trusts; `AUTH_URL`'s origin when set), so both agree on the cookie names.
 *
 * Also `null`, never an exception, when no session can exist: the `Host` header is not a host a
 * URL can have (`evil.example:99999`), so no cookie can belong to it; or, outside production, the
 * config has a mistake (reported once, when the config was first used).
 *
 * @throws {AuthError} in production, a configuration mistake (no secret, an untrusted host…)
 * @throws {Error} with `status: 503`, when the adapter's database cannot be reached (GET
 *   `/session` answers `503` then); the cause is in the server log. A `jwt` or `session`
 *   callback that throws gives `null`, as GET `/session` answers, the cause logged
 * @see https://authjs.dev/reference/express#getsession
 * @example
 * app.get("/api/me", async (req, res) => {
 *   const session = await getSession(req, authConfig)
 *   res.json(session)
 * })
 */
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig): GetSessionResult {
  const prepared = prepare(config)
  const url = requestURL(req, prepared)
  return url ? readSessionAt(req, prepared, url) : null
}

/**
 * {@link getSession} for a request core handles as `url`. With `res` (the middlewares), the
 * cookies the read re-issues are set on it: a JWT session's once it is `session.updateAge` old
 * (the sliding expiry), a database session's, with its cache cookie (`session.cookieCache`)
 * when it was read from the database.
 */
async function readSessionAt(
  req: ExpressRequest,
  prepared: PreparedConfig,
  url: URL,
  res?: ExpressResponse,
): Promise<Session | null> {
  if (prepared.error) return null
  const sessionURL = prepared.actionURL(url.origin, "session")
  const cookie = req.get("cookie")
  const request = new Request(sessionURL, { headers: cookie ? { cookie } : {} })
  const reissue = res ? "stale" : "never"
  const { session, cookies, failure } = await readSession(request, prepared.config, { reissue })
  if (res && !failure) setCookies(res, cookies)
  if (failure === "error") return null
  if (failure) {
    const answer = FAILURE_ANSWERS[failure]
    const error = new Error(`getSession: GET ${sessionURL.pathname} answered ${answer}`)
    // Express's error handlers answer with `status`: a database outage is a 503, not a 500.
    if (failure === "unavailable") Object.assign(error, { status: 503, statusCode: 503 })
    throw error
  }
  return sessionAsJson(session)
}

/**
 * A middleware that puts the request's session (or `null`) on `res.locals.session`, for the
 * routes and views after it, and sets the cookies the read re-issues (a JWT session's once it is
 * `session.updateAge` old; a database session's, and its `session.cookieCache` cookie). `res.locals.session` is typed `Session | null` in every app that
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
  prepare(config)
  return async (req, res, next) => {
    const prepared = prepare(config)
    const url = requestURL(req, prepared)
    if (!url) {
      await writeResponse(invalidHostResponse(), res)
      return
    }
    try {
      res.locals.session = await readSessionAt(req, prepared, url, res)
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
 * the path and query they asked for (core's `guard`: neither may be cached); a `Host` no URL
 * can have gets `400`.
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
  prepare(config)
  return async (req, res, next) => {
    const prepared = prepare(config)
    const url = requestURL(req, prepared)
    if (!url) {
      await writeResponse(invalidHostResponse(), res)
      return
    }
    // `undefined` when authSession did not run before, whatever the type says.
    const locals = res.locals as { session?: Session | null }
    let refusal: Response | undefined
    try {
      if (locals.session === undefined) {
        locals.session = await readSessionAt(req, prepared, url, res)
      }
      const request = new Request(url, { headers: requestHeaders(req) })
      const { session } = locals
      refusal = (await guard(request, prepared, { session, signInPage: options.signInPath }))
        .response
    } catch (error) {
      next(error)
      return
    }
    if (refusal) await writeResponse(onOwnOrigin(refusal, url.origin), res)
    else next()
  }
}

/** The redirect to a sign-in page of the app as a path, as `requireAuth` always sent it. */
function onOwnOrigin(response: Response, origin: string): Response {
  const location = response.headers.get("location")
  if (location !== null) response.headers.set("location", pathOnOrigin(location, origin))
  return response
}
