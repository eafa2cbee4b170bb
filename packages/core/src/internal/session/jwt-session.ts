import type { AdapterSession } from "../../adapters.js"
import { JWTSessionError, SignOutError } from "../../errors.js"
import type { Cookie } from "../../types/cookies.js"
import type { JWT } from "../../types/jwt.js"
import type { Account, Profile, User } from "../../types/user.js"
import type { Session } from "../../types.js"
import { emitEvent } from "../config/resolve-config.js"
import { isDatabaseUnavailable } from "../database-unavailable.js"
import type { AuthContext } from "../request/context.js"
import {
  hasTokenRefreshError,
  keepProviderTokens,
  markSession,
  withSignInTokens,
} from "./provider-tokens.js"
import { forgetSession, indexSession, isRevoked, newSessionId } from "./revocation.js"
import { clearSessionCookies, readSessionCookie, writeSessionCookie } from "./session-cookie.js"

/** The session read from the request, or why there is none. */
export interface SessionRead {
  /** The session to send to the client, or `null`. */
  session: Session | null
  cookies: Cookie[]
}

/**
 * Decodes the session token of the request. `undefined` when there is none; `null` when it does
 * not decode (tampered, expired, another secret; the failure is logged) or was revoked (see
 * `isRevoked`: the session store is asked after the decrypted-token cache).
 *
 * @throws {DatabaseUnavailableError} when the session store cannot be reached
 */
export async function decodeSessionToken(context: AuthContext): Promise<JWT | null | undefined> {
  const { name } = context.cookies.sessionToken
  const { value } = readSessionCookie(context)
  if (!value) return undefined
  const { jwt, logger } = context.config
  let token: JWT | null
  try {
    token = await jwt.decode({ ...jwt, token: value, salt: name })
  } catch (error) {
    logger.error(new JWTSessionError(error instanceof Error ? error : new Error(String(error))))
    return null
  }
  if (token && (await isRevoked(context, token))) {
    logger.debug("REVOKED_SESSION", { sid: token.sid })
    return null
  }
  return token
}

/**
 * When a session read re-issues the session cookie with a fresh expiry:
 * - `"always"`: on every read, as GET `/session` does (Auth.js's way);
 * - `"stale"`: when the token was issued `session.updateAge` seconds ago or more (`0`: every
 *   read), or when the `jwt` callback changed it (a rotated access token must be kept): what a
 *   middleware that runs on every request needs, without a new cookie on every response;
 * - `"never"`: read only, for callers that cannot set cookies (a deletion of an invalid cookie
 *   is still returned).
 */
export type Reissue = "always" | "stale" | "never"

/**
 * Reads (GET) or updates (POST, with `update`) a JWT session: runs the `jwt` callback, then the
 * `session` callback, re-issues the token with a fresh expiry (as `reissue` says), and emits
 * the `session` event.
 */
export async function readJwtSession(
  context: AuthContext,
  update?: { data: unknown },
  reissue: Reissue = "always",
): Promise<SessionRead> {
  const payload = await decodeSessionToken(context)
  if (payload === undefined) return { session: null, cookies: [] }
  if (payload === null) return { session: null, cookies: clearSessionCookies(context) }

  const read = await runAppPart(context, payload, update, reissue).catch((error: unknown) => {
    throw sessionErrorOf(error)
  })
  if (read === null) return { session: null, cookies: clearSessionCookies(context) }
  const { token, session, renew, cookies } = read
  // Its last use, for the list of sessions: at most once per `updateAge`, as the cookie's.
  if (renew && isStale(payload, context.config.session.updateAge)) {
    await indexSession(context, token, { touch: true })
  }
  await emitEvent(context.config, "session", { session, token })
  return { session, cookies }
}

/**
 * The app's part of a session read: the `jwt` callback (`null` when it ends the session), the
 * `session` callback, and the token re-issued (as `reissue` says) with `jwt.encode`.
 */
async function runAppPart(
  context: AuthContext,
  payload: JWT,
  update: { data: unknown } | undefined,
  reissue: Reissue,
): Promise<{ token: JWT; session: Session; renew: boolean; cookies: Cookie[] } | null> {
  const { callbacks, session: sessionOptions } = context.config
  // The cookie's own issue time decides; a fresh token is snapshot before the callback, which
  // may change it in place, to tell whether it changed.
  const stale = reissue === "stale" && isStale(payload, sessionOptions.updateAge)
  const before = reissue === "stale" && !stale ? JSON.stringify(payload) : undefined
  const token = await callbacks.jwt(
    update
      ? { token: payload, trigger: "update", session: update.data }
      : { token: payload, session: undefined },
  )
  if (token === null) return null
  keepSessionId(token, payload)
  if (sessionOptions.storeTokens) keepProviderTokens(token, payload)

  const expires = new Date(Date.now() + sessionOptions.maxAge * 1000)
  const defaultSession = {
    user: { name: token.name, email: token.email, image: token.picture },
    expires: expires.toISOString(),
  }
  const shaped = (await callbacks.session({
    session: defaultSession,
    token,
  } as Parameters<typeof callbacks.session>[0])) as Session
  // A failed refresh of a stored provider token (`getAccessToken`) shows as `error`.
  const session = markSession(shaped, hasTokenRefreshError(token))
  const renew =
    reissue === "always" || stale || (before !== undefined && JSON.stringify(token) !== before)
  const cookies = renew ? await writeSessionToken(context, token, expires) : []
  return { token, session, renew, cookies }
}

/**
 * What the app's part of a session read (the `jwt` and `session` callbacks, `jwt.encode`)
 * threw, as a {@link JWTSessionError} with it as the cause, which GET `/session` answers as
 * Auth.js does (`null`, the cookie deleted). A database that cannot be reached stays what it is
 * (a `503`): nobody is signed out by an outage.
 */
function sessionErrorOf(error: unknown): unknown {
  if (isDatabaseUnavailable(error) || error instanceof JWTSessionError) return error
  return new JWTSessionError(error instanceof Error ? error : new Error(String(error)))
}

/**
 * Keeps the session id of the token as it came in when the `jwt` callback returned a new object
 * without it: a session keeps its id for as long as it lives.
 */
function keepSessionId(token: JWT, payload: JWT): void {
  if (token.sid === undefined && payload.sid !== undefined) token.sid = payload.sid
}

/** Whether a token was issued `updateAge` seconds ago or more (or carries no `iat`). */
function isStale(token: JWT, updateAge: number): boolean {
  const { iat } = token
  return typeof iat !== "number" || Date.now() / 1000 - iat >= updateAge
}

/** Encodes a token into the (possibly chunked) session cookie, expiring at `expires`. */
export async function writeSessionToken(
  context: AuthContext,
  token: JWT,
  expires: Date,
): Promise<Cookie[]> {
  const { name } = context.cookies.sessionToken
  const { jwt, logger } = context.config
  const value = await jwt.encode({ ...jwt, token, salt: name })
  const cookies = writeSessionCookie(context, value, expires)
  if (cookies.filter((cookie) => cookie.value !== "").length > 1) {
    logger.debug("CHUNKING_SESSION_COOKIE", { valueSize: value.length, chunks: cookies.length })
  }
  return cookies
}

/** What a sign-in hands to the session strategy. */
export interface SignInOutcome {
  user: User
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  /** Credentials sign-ins pass `isNewUser: false` to the `jwt` callback explicitly. */
  trigger: "signIn" | "signUp"
  /**
   * The stored session the user is already signed in with, to keep rather than replace
   * (database strategy only; an OAuth account linked while signed in).
   */
  session?: AdapterSession | undefined
}

/**
 * Starts a JWT session after a sign-in: runs the `jwt` callback with the sign-in's user,
 * account and profile, and sets the session cookie. A `jwt` callback returning `null` clears
 * the session instead.
 */
export async function establishJwtSession(
  context: AuthContext,
  outcome: SignInOutcome,
): Promise<Cookie[]> {
  const { user, account, profile, isNewUser, trigger } = outcome
  const defaultToken: JWT = {
    name: user.name,
    email: user.email,
    picture: user.image,
    // A string, as Auth.js makes it: stores may give numeric ids (SERIAL columns).
    sub: user.id === undefined ? undefined : String(user.id),
    // An addition: the session's id, by which it is listed and revoked.
    sid: newSessionId(),
  }
  const token = await context.config.callbacks.jwt({
    token: defaultToken,
    user,
    account,
    ...(profile === undefined ? {} : { profile }),
    isNewUser,
    trigger,
  })
  if (token === null) return clearSessionCookies(context)
  keepSessionId(token, defaultToken)
  const sealed = await withStoredTokens(context, token, account)
  const expires = new Date(Date.now() + context.config.session.maxAge * 1000)
  const cookies = await writeSessionToken(context, sealed, expires)
  await indexSession(context, token)
  return cookies
}

/**
 * With `session.storeTokens`, the token of an OAuth sign-in with the account's tokens added (see
 * `withSignInTokens`); otherwise the token as it is. The session the request was signed in with
 * is read for the other providers' tokens of the same user; one that cannot be read keeps none.
 */
async function withStoredTokens(
  context: AuthContext,
  token: JWT,
  account: Account | null,
): Promise<JWT> {
  if (!context.config.session.storeTokens) return token
  if (account?.type !== "oauth" && account?.type !== "oidc") return token
  const previous = await decodeSessionToken(context).catch(() => null)
  return withSignInTokens(token, account, previous)
}

/**
 * Ends a JWT session: decodes the token for the `signOut` event and clears the cookie. A token
 * that does not decode (tampered, expired, another secret) is no session: the failure is logged
 * as `SignOutError`, as in Auth.js, no event is emitted (audit handlers see only real sessions),
 * and the cookie is cleared all the same.
 */
export async function endJwtSession(context: AuthContext): Promise<Cookie[]> {
  const { value } = readSessionCookie(context)
  if (!value) return []
  const { jwt, logger } = context.config
  try {
    const token = await jwt.decode({
      ...jwt,
      token: value,
      salt: context.cookies.sessionToken.name,
    })
    if (token) {
      await forgetSession(context, token)
      await emitEvent(context.config, "signOut", { token })
    }
  } catch (error) {
    logger.error(new SignOutError(error instanceof Error ? error : new Error(String(error))))
  }
  return clearSessionCookies(context)
}
