import type {
  AccessTokenOptions,
  AccountsResult,
  AppliedAccessTokenResult,
  AppliedRevokeSessionsResult,
  SessionsResult,
} from "@auth/core/server"
import type { AuthConfig, Awaitable, Session } from "@auth/core/types"
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next"
import type { NextFetchEvent, NextRequest, NextResponse } from "next/server.js"

/** What `callbacks.authorized` may answer: allow, refuse, or a response of its own. */
export type AuthorizedResult = boolean | NextResponse | Response | undefined

/** The config `NextAuth` takes: any Auth.js config but `raw`, plus `callbacks.authorized`. */
export interface NextAuthConfig extends Omit<AuthConfig, "raw"> {
  /**
   * The Auth.js callbacks, plus `authorized`, which decides in middleware (or `proxy.ts`) and in
   * handlers wrapped with `auth(handler)` whether a request may go on.
   */
  callbacks?: AuthConfig["callbacks"] & {
    /**
     * Decides whether a request may go on: `true` lets it through, `false` (or `undefined`)
     * sends it to the sign-in page (`401` JSON to requests that ask for JSON) and does not run
     * a wrapped handler, a `Response` is answered as is. Requests for the auth routes and the
     * sign-in page are never redirected, so a matcher that covers them cannot loop.
     *
     * @default () => true
     * @example
     * authorized: ({ auth, request }) =>
     *   request.nextUrl.pathname.startsWith("/dashboard") ? Boolean(auth) : true
     */
    authorized?: (params: {
      /** The request to decide on. */
      request: NextRequest
      /** The session of the request, or `null`. */
      auth: Session | null
    }) => Awaitable<AuthorizedResult>
  }
}

/** `NextAuth`'s argument: a config, or a function of the request that returns one. */
export type NextAuthConfigSource =
  | NextAuthConfig
  | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>)

/** A request seen by a handler wrapped with `auth(handler)`: `req.auth` is its session. */
export interface NextAuthRequest extends NextRequest {
  /** The session of the request, or `null`. */
  auth: Session | null
  /**
   * The signed-in user's access token with a provider, refreshed first when it is due, as
   * `NextAuth().getAccessToken` gives it. In middleware (or `proxy.ts`) the re-sealed session
   * cookie (JWT sessions) is set on the response and handed on to the request Next.js renders,
   * so its Server Components read the refreshed tokens without refreshing again. With `auth`
   * from `next-auth/proxy` (the session check alone, for a small edge bundle) it answers a
   * `Configuration` failure: use `auth` from `NextAuth` of `next-auth` for it.
   *
   * @example
   * // middleware.ts (or proxy.ts)
   * export default auth(async (req) => {
   *   const token = await req.getAccessToken("github")
   *   if (token.error) return NextResponse.redirect(new URL("/api/auth/signin", req.url))
   * })
   */
  getAccessToken: (options: AccessTokenOptions | string) => Promise<AccessTokenResult>
}

/**
 * What middleware (or `proxy.ts`) may answer. `void` as Next.js's own `NextMiddlewareResult`
 * has it, so middleware typed against Next.js can be wrapped.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: the same union as Next.js's middleware result
export type MiddlewareResult = NextResponse | Response | null | undefined | void

/** What a route handler may answer (`void`: a handler may return nothing). */
// biome-ignore lint/suspicious/noConfusingVoidType: a route handler may return nothing
export type RouteHandlerResult = Response | void

/** A middleware written against `req.auth`, for `auth(middleware)`. */
export type NextAuthMiddleware = (
  request: NextAuthRequest,
  event: NextFetchEvent,
) => MiddlewareResult | Promise<MiddlewareResult>

/**
 * What the second argument of an App Router route handler must be: the values of the route's
 * dynamic segments, as a promise (Next.js 15 and later). Next.js's `RouteContext<"/items/[id]">`
 * is one, and so is `{ params: Promise<{ id: string }> }`.
 */
export interface RouteHandlerContext {
  params: Promise<unknown>
}

/**
 * The second argument of an App Router route handler when its type is not written: the values
 * of any dynamic segments (`[id]`: a string; `[...slug]`, `[[...slug]]`: a list). Write
 * `{ params: Promise<{ id: string }> }` or `RouteContext<"/items/[id]">` for the route's own.
 */
export interface AppRouteHandlerFnContext {
  params: Promise<Record<string, string | string[] | undefined>>
}

/** An App Router route handler. */
export type AppRouteHandlerFn<Context extends RouteHandlerContext = AppRouteHandlerFnContext> = (
  request: NextRequest,
  context: Context,
) => RouteHandlerResult | Promise<RouteHandlerResult>

/** An App Router route handler written against `req.auth`, for `auth(handler)`. */
export type NextAuthRouteHandler<Context extends RouteHandlerContext = AppRouteHandlerFnContext> = (
  request: NextAuthRequest,
  context: Context,
) => RouteHandlerResult | Promise<RouteHandlerResult>

/**
 * The route handlers to export from `app/api/auth/[...nextauth]/route.ts`: `GET` and `POST`
 * serve the actions; `PUT`, `PATCH` and `DELETE` answer `405` with `Allow: GET, POST`.
 */
export interface AppRouteHandlers {
  GET: (request: NextRequest) => Promise<Response>
  POST: (request: NextRequest) => Promise<Response>
  PUT: (request: NextRequest) => Promise<Response>
  PATCH: (request: NextRequest) => Promise<Response>
  DELETE: (request: NextRequest) => Promise<Response>
}

/**
 * The session getter that works everywhere in a Next.js app, and the middleware factory.
 *
 * The wrappers keep the second argument of the handler they wrap, so what they return passes
 * Next.js's build-time checks of route exports (`.next/types`: the second argument must be
 * assignable to `{ params: Promise<…> }` in Next.js 15, and accept the route's own
 * `{ params: Promise<ParamMap[route]> }` in Next.js 16).
 */
export interface NextAuthAuth {
  /** In Server Components, server actions and route handlers: the session, or `null`. */
  (): Promise<Session | null>
  /** In pages-router API routes: the session, or `null`; refreshed cookies are set on `res`. */
  (req: NextApiRequest, res: NextApiResponse): Promise<Session | null>
  /** In `getServerSideProps`: the session, or `null`; refreshed cookies are set on `res`. */
  (context: GetServerSidePropsContext): Promise<Session | null>
  /** As middleware or `proxy.ts` (`export { auth as middleware }`): `callbacks.authorized` decides. */
  (request: NextRequest, event?: NextFetchEvent): Promise<Response>
  /**
   * Wraps a route handler: it receives `req.auth`, and the result takes the handler's second
   * argument, so `ctx: { params: Promise<{ id: string }> }` (or `RouteContext<"/items/[id]">`)
   * stays typed. A handler that leaves it unwritten (`auth((req) => …)`) makes a middleware (or
   * `proxy.ts`) as well.
   */
  <Context extends RouteHandlerContext = AppRouteHandlerFnContext>(
    handler: NextAuthRouteHandler<Context>,
  ): AuthWrappedFor<Context>
  /** Wraps a middleware (or `proxy.ts`) that reads its `event`: it receives `req.auth`. */
  (middleware: NextAuthMiddleware): AuthWrappedMiddleware
}

/** What `auth(handler)` returns for a route handler. */
export type AuthWrappedRouteHandler<
  Context extends RouteHandlerContext = AppRouteHandlerFnContext,
> = (request: NextRequest, context: Context) => Promise<Response>

/** What `auth(middleware)` returns: a middleware (or `proxy.ts`) as Next.js types it. */
export type AuthWrappedMiddleware = (
  request: NextRequest,
  event: NextFetchEvent,
) => Promise<Response>

/**
 * What `auth((req) => …)` returns: a middleware and a route handler, as two signatures rather
 * than one with a union (`context: RouteContext | NextFetchEvent`), which Next.js's route
 * checks refuse. The route handler's comes last: those checks read the last signature.
 */
export type AuthWrapped<Context extends RouteHandlerContext = AppRouteHandlerFnContext> =
  AuthWrappedMiddleware & AuthWrappedRouteHandler<Context>

/**
 * {@link AuthWrapped} for a handler whose second argument is the default (left unwritten), else
 * a route handler only: a handler that reads `ctx.params` would fail as a middleware.
 *
 * `Context` is read through {@link NotInferred}: else `const middleware: NextMiddleware =
 * auth((req) => …)` would infer it from `NextMiddleware`'s `event`, and fall back to the
 * constraint.
 */
type AuthWrappedFor<Context extends RouteHandlerContext> = [NotInferred<Context>] extends [
  AppRouteHandlerFnContext,
]
  ? [AppRouteHandlerFnContext] extends [NotInferred<Context>]
    ? AuthWrapped<NotInferred<Context>>
    : AuthWrappedRouteHandler<NotInferred<Context>>
  : AuthWrappedRouteHandler<NotInferred<Context>>

/**
 * `T`, in a position TypeScript does not infer `T` from: TypeScript 5.4's `NoInfer`, spelt so
 * that the declarations work with every TypeScript Next.js accepts (4.5 with Next.js 15, 5.1
 * with 16).
 */
type NotInferred<T> = [T][T extends unknown ? 0 : never]

/** What `signIn`'s options may be: a form's data, or an object. */
export type SignInOptions<Redirect extends boolean = true> =
  | FormData
  | ({
      /** Where to go after signing in: a path, or a URL on the app's origin. @default the Referer, else "/" */
      redirectTo?: string
      /** `false` returns the URL instead of redirecting. @default true */
      redirect?: Redirect
    } & Record<string, unknown>)

/** Extra parameters for the provider's authorization request. */
export type SignInAuthorizationParams =
  | string[][]
  | Record<string, string>
  | string
  | URLSearchParams

/** The options of `signOut`. */
export interface SignOutOptions<Redirect extends boolean = true> {
  /** Where to go after signing out. @default the Referer, else "/" */
  redirectTo?: string
  /** `false` returns the result instead of redirecting. @default true */
  redirect?: Redirect
}

/**
 * What a revocation from server code gave: how many sessions it signed out, or why not
 * (`SessionRequired` signed out, `MissingCSRF` outside a server action or a request with a
 * body, `InvalidRequest`). Its cookies are already set on the response, and left out here: a
 * server action's result goes to the browser.
 */
export type RevokeSessionsResult = AppliedRevokeSessionsResult

/**
 * The signed-in user's sessions and linked accounts, from server code. Each runs on the request
 * being handled (`headers()`) and returns a refusal as data, `{ error, status }`
 * (`SessionRequired` when nobody is signed in); it throws only a `TypeError` for a request whose
 * `Host` is no valid host, as `signIn` does. The lists work anywhere `auth()` does
 * in the App Router (Server Components too); the changes only in server actions and route
 * handlers with a body (else `MissingCSRF`: a page of any site could trigger them).
 */
export interface ManagementFunctions {
  /**
   * The signed-in user's sessions (`{ id, current, createdAt, lastUsedAt, userAgent, ip }`),
   * this request's marked `current`, as `GET <basePath>/sessions` lists them.
   * @example
   * const result = await listSessions()
   * if (!result.error) return <SessionList sessions={result.sessions} />
   */
  listSessions: () => Promise<SessionsResult>
  /** Signs out the session `id` (as listed); this request's own one too (its cookie cleared). */
  revokeSession: (id: string) => Promise<RevokeSessionsResult>
  /**
   * Signs out every session of the user but this request's (after a password change).
   * @example
   * "use server"
   * export async function changePassword(form: FormData) {
   *   await savePassword(form)
   *   await revokeOtherSessions()
   * }
   */
  revokeOtherSessions: () => Promise<RevokeSessionsResult>
  /** Signs out every session of the user, this request's too (its cookie cleared). */
  revokeAllSessions: () => Promise<RevokeSessionsResult>
  /** The signed-in user's linked accounts (`{ provider, type, providerAccountId }`). */
  listAccounts: () => Promise<AccountsResult>
  /**
   * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
   * given); returns the accounts left, or `LastSignInMethod` when it is their only way in.
   */
  unlinkAccount: (provider: string, providerAccountId?: string) => Promise<AccountsResult>
}

/**
 * What `getAccessToken` gave: `{ accessToken, expiresAt, scope, tokenType }`, or `{ code, error }`
 * (core's codes, and `InvalidRequest` for a `Host` no URL can have). Its cookies are already set
 * through `cookies()` where Next.js allows it, and left out here: a server action's result goes
 * to the browser.
 */
export type AccessTokenResult = AppliedAccessTokenResult

/** What `NextAuth` returns. */
export interface NextAuthResult extends ManagementFunctions {
  /**
   * The signed-in user's access token with `options.provider`, on the request being handled
   * (route handlers, server actions, Server Components), refreshed first when it has expired or
   * expires within `skew` seconds (one refresh however many requests ask at once). JWT sessions
   * need `session: { storeTokens: true }`; the re-sealed session cookie is set through
   * `cookies()` in route handlers and server actions (a Server Component cannot set cookies:
   * there the refreshed token is still returned). Never throws: `{ code, error }` when there is
   * no token (`SessionRequired` signed out, `AccountNotFound`, `RefreshAccessTokenError`,
   * `Configuration`, `DatabaseUnavailable`, `InvalidRequest`).
   *
   * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 Refreshing an access token
   * @example
   * // app/repos/page.tsx
   * const token = await getAccessToken({ provider: "github" })
   * if (token.error) return <p>Sign in with GitHub</p>
   * const headers = { Authorization: `Bearer ${token.accessToken}` }
   * const repos = await (await fetch("https://api.github.com/user/repos", { headers })).json()
   */
  getAccessToken: (options: AccessTokenOptions | string) => Promise<AccessTokenResult>
  /** `GET` and `POST` for `app/api/auth/[...nextauth]/route.ts`. */
  handlers: AppRouteHandlers
  /** The session everywhere, and middleware (see {@link NextAuthAuth}). */
  auth: NextAuthAuth
  /**
   * Signs in from a server action. Without a provider (or with an unknown one) it goes to the
   * sign-in page.
   *
   * @throws {AuthError} when the sign-in fails (`CredentialsSignin` for wrong credentials)
   */
  signIn: <Redirect extends boolean = true>(
    provider?: string,
    options?: SignInOptions<Redirect>,
    authorizationParams?: SignInAuthorizationParams,
  ) => Promise<Redirect extends false ? string : never>
  /** Signs out from a server action. */
  signOut: <Redirect extends boolean = true>(
    options?: SignOutOptions<Redirect>,
  ) => Promise<Redirect extends false ? { redirect?: string } : never>
  /**
   * Updates the session from a server action (the `jwt` callback gets `trigger: "update"` and
   * `session: data`); returns the new session, or `null`.
   */
  unstable_update: (
    data: Partial<Session | { user: Partial<NonNullable<Session["user"]>> }>,
  ) => Promise<Session | null>
  /** The stable name of {@link NextAuthResult.unstable_update}. */
  updateSession: (
    data: Partial<Session | { user: Partial<NonNullable<Session["user"]>> }>,
  ) => Promise<Session | null>
}
