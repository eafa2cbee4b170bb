import type { Cookie, Session } from "../../types.js"
import { prefersJson } from "../http/prefers-json.js"
import type { PreparedConfig } from "./prepare-config.js"
import {
  readRequestSession,
  type SessionFailure,
  type SessionReadOptions,
  type SessionResult,
} from "./session.js"

/** Options of {@link guard}. */
export interface GuardOptions extends Pick<SessionReadOptions, "reissue"> {
  /**
   * Where signing in returns to: a path of this app. @default the request's path and query
   */
  readonly callbackUrl?: string
  /** The sign-in page to send browsers to. @default `PreparedConfig.signInPage` */
  readonly signInPage?: string
  /**
   * The request's session when the integration already read it (a session middleware ran
   * first): the guard then decides on it and reads none. @default read from the request
   */
  readonly session?: Session | null
}

/** What {@link guard} decided: the session, or the response that refuses the request. */
export type GuardResult =
  | { readonly session: Session; readonly cookies: Cookie[]; readonly response?: undefined }
  | {
      readonly session: null
      /** `303` to the sign-in page, `401` JSON, or `503` when the database is unreachable. */
      readonly response: Response
      /** Why the session could not be read, when that is why (see `SessionFailure`). */
      readonly failure?: SessionFailure
    }

/** The request headers that decide between the redirect and the `401`. */
const VARY = "Accept, X-Requested-With"

/**
 * Lets only signed-in requests through, the one route guard of every integration: the session
 * (and its re-issued cookie, by default none), or the response that refuses the request:
 * `401` with JSON `{ "error": "Unauthorized" }` when it asks for JSON (`prefersJson`), else `303`
 * to the sign-in page with `callbackUrl` set to the path and query it asked for; `503` with
 * `Retry-After` when the database cannot be reached. Each varies on `Accept` and
 * `X-Requested-With`, and none may be cached.
 *
 * @param request the request, on the app's URL (`PreparedConfig.requestURL`)
 * @see spec 5.7: protected routes redirect unauthenticated users to sign in
 * @example
 * const result = await guard(request, prepared)
 * if (!result.session) return result.response
 */
export async function guard(
  request: Request,
  prepared: PreparedConfig,
  options: GuardOptions = {},
): Promise<GuardResult> {
  const read: SessionResult =
    options.session !== undefined
      ? { session: options.session, cookies: [] }
      : await readRequestSession(request, prepared.config, { reissue: options.reissue ?? "never" })
  if (read.session) return { session: read.session, cookies: read.cookies }
  const failure = read.failure
  const refused = (response: Response): GuardResult =>
    failure ? { session: null, response, failure } : { session: null, response }
  if (failure === "unavailable") {
    return refused(
      Response.json(
        { error: "Service Unavailable" },
        { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } },
      ),
    )
  }
  const headers = { Vary: VARY, "Cache-Control": "no-store" }
  if (prefersJson(request.headers)) {
    return refused(Response.json({ error: "Unauthorized" }, { status: 401, headers }))
  }
  const url = new URL(request.url)
  const callbackUrl = options.callbackUrl ?? `${url.pathname}${url.search}`
  const signIn = new URL(options.signInPage ?? prepared.signInPage, url.origin)
  signIn.searchParams.set("callbackUrl", callbackUrl)
  return refused(
    new Response(null, { status: 303, headers: { ...headers, Location: signIn.href } }),
  )
}
