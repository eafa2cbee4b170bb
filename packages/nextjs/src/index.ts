/**
 * `next-auth`: Auth.js for Next.js 15 and 16 (App Router and pages router), built on
 * `@auth/core`. Drop-in compatible with next-auth 5.
 *
 * @example
 * // auth.ts
 * import NextAuth from "next-auth"
 * import GitHub from "next-auth/providers/github"
 *
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] })
 *
 * // app/api/auth/[...nextauth]/route.ts
 * export { GET, POST } from "@/auth" // or: export const { GET, POST } = handlers
 *
 * @module next-auth
 */
import { accessTokenFunction, requestAccessTokens } from "./internal/access-token.js"
import { signInAction, signOutAction, updateAction } from "./internal/actions.js"
import { createAuth } from "./internal/auth.js"
import { configLoader } from "./internal/config.js"
import { createHandlers } from "./internal/handlers.js"
import { managementFunctions } from "./internal/management.js"
import type { NextAuthConfigSource, NextAuthResult } from "./internal/types.js"

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
export type {
  AccessTokenResult,
  AppRouteHandlerFn,
  AppRouteHandlerFnContext,
  AppRouteHandlers,
  AuthorizedResult,
  AuthWrapped,
  AuthWrappedMiddleware,
  AuthWrappedRouteHandler,
  ManagementFunctions,
  NextAuthAuth,
  NextAuthConfig,
  NextAuthConfigSource,
  NextAuthMiddleware,
  NextAuthRequest,
  NextAuthResult,
  NextAuthRouteHandler,
  RevokeSessionsResult,
  RouteHandlerContext,
  SignInAuthorizationParams,
  SignInOptions,
  SignOutOptions,
} from "./internal/types.js"

/**
 * Sets up Auth.js for a Next.js app and returns everything the app needs:
 *
 * - `handlers`: `GET` and `POST` for `app/api/auth/[...nextauth]/route.ts`;
 * - `auth`: the session in Server Components, server actions, route handlers and the pages
 *   router, and the middleware (or `proxy.ts`) that `callbacks.authorized` drives;
 * - `signIn`, `signOut`, `unstable_update` (also `updateSession`): for server actions;
 * - `listSessions`, `revokeSession`, `revokeOtherSessions`, `revokeAllSessions`,
 *   `listAccounts`, `unlinkAccount`: the signed-in user's sessions and accounts (see
 *   {@link ManagementFunctions});
 * - `getAccessToken`: the signed-in user's access token with a provider, refreshed when it has
 *   expired.
 *
 * The environment (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID`, and the
 * `NEXTAUTH_` aliases) is read on first use into a copy of the config; the object you pass is
 * never changed. The routes are at `/api/auth` unless `basePath` or the path of `AUTH_URL`
 * says otherwise, under the `basePath` of `next.config` when it has one.
 *
 * A function config is called with the request (`undefined` in `auth()` and the actions).
 *
 * @see https://authjs.dev/reference/nextjs
 * @example
 * import NextAuth from "next-auth"
 * import Credentials from "next-auth/providers/credentials"
 *
 * export const { handlers, auth, signIn, signOut } = NextAuth({
 *   providers: [Credentials({ authorize: (credentials) => findUser(credentials) })],
 *   callbacks: { authorized: ({ auth }) => Boolean(auth) },
 * })
 */
export default function NextAuth(config: NextAuthConfigSource): NextAuthResult {
  const load = configLoader(config)
  const update: NextAuthResult["unstable_update"] = async (data) =>
    updateAction(await load(undefined), data)
  return {
    handlers: createHandlers(load),
    auth: createAuth(load, requestAccessTokens),
    signIn: (async (provider, options, authorizationParams) =>
      signInAction(
        await load(undefined),
        provider,
        options,
        authorizationParams,
      )) as NextAuthResult["signIn"],
    signOut: (async (options) =>
      signOutAction(await load(undefined), options)) as NextAuthResult["signOut"],
    unstable_update: update,
    updateSession: update,
    ...managementFunctions(load),
    getAccessToken: accessTokenFunction(load),
  }
}
