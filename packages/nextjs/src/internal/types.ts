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

/** The second argument of an App Router route handler. */
export interface AppRouteHandlerFnContext {
  params: Promise<Record<string, string | string[] | undefined>>
}

/** An App Router route handler. */
export type AppRouteHandlerFn = (
  request: NextRequest,
  context: AppRouteHandlerFnContext,
) => RouteHandlerResult | Promise<RouteHandlerResult>

/** An App Router route handler written against `req.auth`, for `auth(handler)`. */
export type NextAuthRouteHandler = (
  request: NextAuthRequest,
  context: AppRouteHandlerFnContext,
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

/** The session getter that works everywhere in a Next.js app, and the middleware factory. */
export interface NextAuthAuth {
  /** In Server Components, server actions and route handlers: the session, or `null`. */
  (): Promise<Session | null>
  /** In pages-router API routes: the session, or `null`; refreshed cookies are set on `res`. */
  (req: NextApiRequest, res: NextApiResponse): Promise<Session | null>
  /** In `getServerSideProps`: the session, or `null`; refreshed cookies are set on `res`. */
  (context: GetServerSidePropsContext): Promise<Session | null>
  /** As middleware or `proxy.ts` (`export { auth as middleware }`): `callbacks.authorized` decides. */
  (request: NextRequest, event?: NextFetchEvent): Promise<Response>
  /** Wraps a route handler: it receives `req.auth`. */
  (handler: NextAuthRouteHandler): AuthWrapped
  /** Wraps a middleware (or `proxy.ts`): it receives `req.auth`. */
  (middleware: NextAuthMiddleware): AuthWrapped
}

/** What `auth(handler)` returns: a route handler, or a middleware, as the wrapped one was. */
export type AuthWrapped = (
  request: NextRequest,
  context: AppRouteHandlerFnContext | NextFetchEvent,
) => Promise<Response>

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

/** What `NextAuth` returns. */
export interface NextAuthResult {
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
