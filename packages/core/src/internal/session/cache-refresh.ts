/**
 * A database session read where the adapter cannot run (an edge runtime without the database):
 * when the session cache cookie is stale or missing, the app's own GET `<basePath>/session`,
 * served where the database is, reads the session and re-issues the cookie, and its answer is
 * taken as this read's.
 */
import type { Cookie } from "../../types/cookies.js"
import type { Session } from "../../types.js"
import { belongsToCookie } from "../cookies/chunks.js"
import { decodeValue } from "../cookies/parse.js"
import { parseSetCookie } from "../cookies/parse-set-cookie.js"
import { DatabaseUnavailableError } from "../database-unavailable.js"
import { type AuthContext, actionUrl } from "../request/context.js"
import type { SessionRead } from "./jwt-session.js"

/**
 * Where a database session read goes when the session cache cookie cannot answer:
 * `"database"`, the adapter; `"fetch"`, the app's own GET `<basePath>/session` over HTTP.
 */
export type CacheMiss = "database" | "fetch"

/** Milliseconds to wait for the app's `/session` before the read gives up (answered as 503). */
const FETCH_TIMEOUT_MS = 10_000

/**
 * Reads the session from the app's GET `<basePath>/session` with the request's cookies and
 * `User-Agent`, and returns its answer with the session and cache cookies it set.
 *
 * @throws {DatabaseUnavailableError} when the app answers 503 or cannot be reached in time (the
 *   read answers 503 too, rather than signing the user out)
 */
export async function readSessionOverHttp(context: AuthContext): Promise<SessionRead> {
  const url = actionUrl(context, "session")
  let response: Response
  try {
    response = await fetch(url, {
      headers: forwardedHeaders(context.request.headers),
      redirect: "manual",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
  } catch (error) {
    throw new DatabaseUnavailableError(error, {
      message: `The session could not be read from ${url} (the session cache cookie is stale).`,
    })
  }
  if (response.status === 503) {
    await response.body?.cancel()
    throw new DatabaseUnavailableError(new Error(`GET ${url} answered 503`))
  }
  if (response.status !== 200) {
    await response.body?.cancel()
    context.config.logger.debug("SESSION_FETCH_FAILED", { status: response.status })
    return { session: null, cookies: [] }
  }
  const session = (await response.json()) as Session | null
  return { session, cookies: sessionCookiesOf(context, response) }
}

/** The request's headers the session read needs: its cookies, and the device it names. */
function forwardedHeaders(headers: Headers): Headers {
  const forwarded = new Headers({ accept: "application/json" })
  for (const name of ["cookie", "user-agent"]) {
    const value = headers.get(name)
    if (value !== null) forwarded.set(name, value)
  }
  return forwarded
}

/**
 * The session and session cache cookies (and their chunks) a `/session` answer set, with this
 * config's options for them and the lifetime the answer gave (the same config set them).
 */
function sessionCookiesOf(context: AuthContext, response: Response): Cookie[] {
  const own = [context.cookies.sessionToken, context.cookies.sessionCache]
  const cookies: Cookie[] = []
  for (const header of response.headers.getSetCookie()) {
    const parsed = parseSetCookie(header)
    const cookie = parsed && own.find(({ name }) => belongsToCookie(parsed.name, name))
    if (!parsed || !cookie) continue
    const { maxAge, expires } = parsed
    cookies.push({
      name: parsed.name,
      value: decodeValue(parsed.value),
      // `Max-Age` wins over `Expires` (RFC 6265 §5.3).
      options: {
        ...cookie.options,
        ...(maxAge !== undefined ? { maxAge } : expires ? { expires } : {}),
      },
    })
  }
  return cookies
}
