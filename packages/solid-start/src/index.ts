/**
 * `@auth/solid-start`: Auth.js for SolidStart 1 and 2. {@link SolidAuth} gives the catch-all API
 * route's `GET` and `POST`, and the server helpers: `auth()` for route data, `requireSession()`
 * for guarded pages, `authMiddleware()` for `event.locals.auth()`, `signIn` / `signOut` for
 * actions, and the signed-in user's sessions and accounts (`listSessions`, `revokeSession`,
 * `revokeOtherSessions`, `revokeAllSessions`, `listAccounts`, `unlinkAccount`), and their
 * providers' access tokens (`getAccessToken`).
 *
 * @example
 * // src/auth.ts
 * import { SolidAuth } from "@auth/solid-start"
 * import GitHub from "@auth/solid-start/providers/github"
 *
 * export const { GET, POST, auth, requireSession, signIn, signOut } = SolidAuth({
 *   providers: [GitHub],
 * })
 *
 * // src/routes/api/auth/[...solidauth].ts
 * export { GET, POST } from "~/auth"
 *
 * @module @auth/solid-start
 */
import type { SignInAuthorizationParams } from "@auth/core/client"
import type { AccessTokenOptions, AccountsResult, SessionsResult } from "@auth/core/server"
import type { Session } from "@auth/core/types"
import { type AccessTokenResult, getAccessTokenOnServer } from "./internal/access-token.js"
import {
  type ServerSignInOptions,
  type ServerSignOutOptions,
  signInOnServer,
  signOutOnServer,
} from "./internal/actions.js"
import { prepare, type SolidAuthConfig } from "./internal/config.js"
import { currentEvent, eventOf, type SolidRequestEvent } from "./internal/event.js"
import { type AuthRouteHandler, createRouteHandler } from "./internal/handler.js"
import {
  listAccountsOnServer,
  listSessionsOnServer,
  type RevokeSessionsResult,
  revokeAllSessionsOnServer,
  revokeOtherSessionsOnServer,
  revokeSessionOnServer,
  unlinkAccountOnServer,
} from "./internal/management.js"
import {
  type AuthLocals,
  type AuthMiddleware,
  type AuthMiddlewareOptions,
  createAuthMiddleware,
} from "./internal/middleware.js"
import { protect, type RequireSessionOptions } from "./internal/protect.js"
import { readEventSession, readSession } from "./internal/session.js"

export { customFetch } from "@auth/core"
export { AuthError, CredentialsSignin } from "@auth/core/errors"
export type {
  AccessTokenErrorCode,
  AccessTokenOptions,
  AccountInfo,
  AccountsResult,
  SessionInfo,
  SessionsResult,
} from "@auth/core/server"
export type { Account, DefaultSession, Profile, Session, User } from "@auth/core/types"
export type { AccessTokenResult } from "./internal/access-token.js"
export type { ServerSignInOptions, ServerSignOutOptions } from "./internal/actions.js"
export type { SolidAuthConfig } from "./internal/config.js"
export type { SolidRequestEvent } from "./internal/event.js"
export type { AuthRouteEvent, AuthRouteHandler } from "./internal/handler.js"
export type { RevokeSessionsResult } from "./internal/management.js"
export type { AuthLocals, AuthMiddleware, AuthMiddlewareOptions } from "./internal/middleware.js"
export type { RequireSessionOptions } from "./internal/protect.js"

declare global {
  namespace App {
    /** `event.locals` of a SolidStart app: `auth()` once `authMiddleware()` ran. */
    interface RequestEventLocals extends AuthLocals {}
  }
}

/** What {@link getSession} resolves to. */
export type GetSessionResult = Promise<Session | null>

/** What {@link SolidAuth} returns. */
export interface SolidAuthResult {
  /** The catch-all API route's `GET`: `export { GET, POST } from "~/auth"`. */
  GET: AuthRouteHandler
  /** The catch-all API route's `POST`. */
  POST: AuthRouteHandler
  /**
   * `PUT`, `PATCH` and `DELETE` for the catch-all route, answered `405` with `Allow: GET, POST`
   * (without them SolidStart renders the app's 404 page for these methods).
   */
  PUT: AuthRouteHandler
  /** See {@link SolidAuthResult.PUT}. */
  PATCH: AuthRouteHandler
  /** See {@link SolidAuthResult.PUT}. */
  DELETE: AuthRouteHandler
  /**
   * The session of the request being handled, or `null`: in a server function, `query`,
   * action, API route or middleware (or of `event`). Read once per request; the re-issued
   * session cookie (sliding expiry) goes on the response. Never throws for a bad cookie, a bad
   * `Host` or a config mistake: `null` (core logs the cause).
   *
   * @example
   * export const getSession = query(async () => {
   *   "use server"
   *   return auth()
   * }, "session")
   */
  auth(event?: SolidRequestEvent): Promise<Session | null>
  /**
   * The session of the request being handled; without one, throws the `Response` that sends the
   * visitor to the sign-in page (`303`, `callbackUrl` back to the page), or `401` JSON
   * `{ "error": "Unauthorized" }` for an API request that asks for JSON (`503` while the
   * database is unreachable). In a `query`, Solid Router follows the redirect (while rendering
   * on the server it answers `302`).
   *
   * @throws {Response} the refusal
   * @example
   * const getProtected = query(async (path: string) => {
   *   "use server"
   *   return requireSession({ callbackUrl: path })
   * }, "protected")
   */
  requireSession(options?: RequireSessionOptions & { event?: SolidRequestEvent }): Promise<Session>
  /**
   * Signs in from a server function (an `action`): the fields (an object or the form's
   * `FormData`) go to the provider, `redirectTo` is where to land. Throws the redirect (with the
   * cookies) unless `redirect: false`, which resolves with the URL instead. Cross-site posts are
   * refused as on the auth routes (`Origin`, `Sec-Fetch-Site`).
   *
   * @throws {Response} the redirect
   * @example
   * const signInWithPassword = action(async (form: FormData) => {
   *   "use server"
   *   await signIn("credentials", form)
   * })
   */
  signIn(
    provider?: string,
    options?: ServerSignInOptions | FormData,
    authorizationParams?: SignInAuthorizationParams,
  ): Promise<string>
  /**
   * Signs out from a server function; throws the redirect (with the cleared cookies) unless
   * `redirect: false`.
   *
   * @throws {Response} the redirect
   */
  signOut(options?: ServerSignOutOptions): Promise<string>
  /**
   * The signed-in user's sessions (`{ id, current, createdAt, lastUsedAt, userAgent, ip }`) in a
   * server function, `query` or API route (or of `event`), the request's marked `current`;
   * `{ error: "SessionRequired", status: 401 }` when signed out. Never throws.
   *
   * @example
   * const getSessions = query(async () => {
   *   "use server"
   *   return listSessions()
   * }, "sessions")
   */
  listSessions(event?: SolidRequestEvent): Promise<SessionsResult>
  /**
   * Signs out the session `id` (as listed), from a server function (an `action`); the
   * request's own one too (its cookie cleared on the response). Like
   * {@link SolidAuthResult.signIn}, it carries no CSRF token and refuses a request the browser
   * says comes from another site (`Sec-Fetch-Site`, `Origin`) and one in a GET, with
   * `MissingCSRF`. Browsers too old to say are not caught: call the changes from actions your
   * app invokes itself, or use `@auth/solid-start/client`'s functions, which post to the auth
   * routes with the CSRF token.
   */
  revokeSession(id: string, event?: SolidRequestEvent): Promise<RevokeSessionsResult>
  /**
   * Signs out every session of the user but the request's (after a password change); see
   * {@link SolidAuthResult.revokeSession} for where to call it.
   *
   * @example
   * const signOutOthers = action(async () => {
   *   "use server"
   *   return revokeOtherSessions()
   * })
   */
  revokeOtherSessions(event?: SolidRequestEvent): Promise<RevokeSessionsResult>
  /** Signs out every session of the user, the request's too (its cookie cleared). */
  revokeAllSessions(event?: SolidRequestEvent): Promise<RevokeSessionsResult>
  /** The signed-in user's linked accounts (`{ provider, type, providerAccountId }`). */
  listAccounts(event?: SolidRequestEvent): Promise<AccountsResult>
  /**
   * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
   * given); returns the accounts left, or `LastSignInMethod` when it is their only way in. See
   * {@link SolidAuthResult.revokeSession} for where to call it.
   */
  unlinkAccount(
    provider: string,
    providerAccountId?: string,
    event?: SolidRequestEvent,
  ): Promise<AccountsResult>
  /**
   * The signed-in user's access token with `options.provider` in a server function, `query` or
   * API route (or of `event`), refreshed first when it has expired or expires within `skew`
   * seconds (one refresh however many requests ask at once). JWT sessions need
   * `session: { storeTokens: true }`; the re-sealed session cookie goes on the event's response.
   * Never throws: `{ code, error }` when there is no token (`SessionRequired` signed out,
   * `AccountNotFound`, `RefreshAccessTokenError`, `Configuration`, `DatabaseUnavailable`,
   * `InvalidRequest`).
   *
   * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 Refreshing an access token
   * @example
   * const getRepos = query(async () => {
   *   "use server"
   *   const token = await getAccessToken({ provider: "github" })
   *   if (token.error) return []
   *   const headers = { Authorization: `Bearer ${token.accessToken}` }
   *   return (await fetch("https://api.github.com/user/repos", { headers })).json()
   * }, "repos")
   */
  getAccessToken(
    options: AccessTokenOptions | string,
    event?: SolidRequestEvent,
  ): Promise<AccessTokenResult>
  /**
   * An `onRequest` middleware: `event.locals.auth()` on every request, `400` for a `Host` no URL
   * can have, and the guard of the `protect`ed pages.
   *
   * @example
   * // src/middleware.ts (solidStart({ middleware: "./src/middleware.ts" }))
   * import { createMiddleware } from "@solidjs/start/middleware"
   * import { authMiddleware } from "./auth"
   *
   * export default createMiddleware({ onRequest: [authMiddleware({ protect: ["/account"] })] })
   */
  authMiddleware(options?: AuthMiddlewareOptions): AuthMiddleware
}

/**
 * Sets up Auth.js in a SolidStart app.
 *
 * - **Routes**: every action (`/signin`, `/callback/<provider>`, `/session`, `/csrf`, …) under
 *   `prefix` (default `/api/auth`, the catch-all route `src/routes/api/auth/[...solidauth].ts`),
 *   which is also core's `basePath`.
 * - **Environment**: `AUTH_SECRET` (and `AUTH_SECRET_1..3`), `AUTH_URL`, `AUTH_TRUST_HOST` and
 *   provider credentials (`AUTH_GITHUB_ID`, …) from `process.env`, read once into a copy: the
 *   config object you pass is never changed.
 * - **Origin**: `AUTH_URL`'s when set; else the request's own (on Node: the socket's scheme and
 *   the `Host` header; forwarded headers never count).
 *
 * @see https://authjs.dev/reference/solid-start
 * @example
 * // src/routes/api/auth/[...solidauth].ts
 * import { SolidAuth } from "@auth/solid-start"
 * import GitHub from "@auth/solid-start/providers/github"
 *
 * export const { GET, POST } = SolidAuth({ providers: [GitHub] })
 */
export function SolidAuth(config: SolidAuthConfig): SolidAuthResult {
  const prepared = prepare(config)
  const handler = createRouteHandler(prepared)
  return {
    GET: handler,
    POST: handler,
    PUT: handler,
    PATCH: handler,
    DELETE: handler,
    auth: async (event) => (await readEventSession(event ?? currentEvent(), prepared)).session,
    async requireSession(options = {}) {
      const answer = await protect(options.event ?? currentEvent(), prepared, options)
      if (answer instanceof Response) throw answer
      return answer
    },
    signIn: async (provider, options, authorizationParams) =>
      signInOnServer(currentEvent(), prepared, provider, options, authorizationParams),
    signOut: async (options) => signOutOnServer(currentEvent(), prepared, options),
    listSessions: async (event) => listSessionsOnServer(event ?? currentEvent(), prepared),
    revokeSession: async (id, event) =>
      revokeSessionOnServer(event ?? currentEvent(), prepared, id),
    revokeOtherSessions: async (event) =>
      revokeOtherSessionsOnServer(event ?? currentEvent(), prepared),
    revokeAllSessions: async (event) =>
      revokeAllSessionsOnServer(event ?? currentEvent(), prepared),
    listAccounts: async (event) => listAccountsOnServer(event ?? currentEvent(), prepared),
    unlinkAccount: async (provider, providerAccountId, event) =>
      unlinkAccountOnServer(event ?? currentEvent(), prepared, provider, providerAccountId),
    getAccessToken: async (options, event) =>
      getAccessTokenOnServer(event ?? currentEvent(), prepared, options),
    authMiddleware: (options) => createAuthMiddleware(prepared, options),
  }
}

/**
 * Reads the session of a request from its cookies: the session, or `null`. Fails closed: a
 * missing, expired or tampered cookie, a `Host` no URL can have, a config mistake or a callback
 * that throws all give `null` (core logs the cause). The session URL follows `prefix`.
 *
 * Called with the request SolidStart is handling, the re-issued session cookie (sliding expiry)
 * goes on its response.
 *
 * @see https://authjs.dev/reference/solid-start#getsession
 * @example
 * import { getSession } from "@auth/solid-start"
 * import { getRequestEvent } from "solid-js/web"
 * import { authConfig } from "~/auth"
 *
 * const session = await getSession(getRequestEvent()!.request, authConfig)
 */
export async function getSession(request: Request, config: SolidAuthConfig): GetSessionResult {
  const prepared = prepare(config)
  const event = eventOf(request)
  const read = event ? readEventSession(event, prepared) : readSession({ request }, prepared)
  return (await read).session
}
