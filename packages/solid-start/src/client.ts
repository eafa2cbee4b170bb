/**
 * `@auth/solid-start/client`: signing in and out from the browser, the session as the browser
 * sees it, as a Solid accessor, and the signed-in user's sessions and accounts. A thin layer over `@auth/core/client` (CSRF token,
 * `X-Auth-Return-Redirect`, cross-tab sync), bound to `/api/auth` unless
 * {@link createAuthClient} is given another `prefix`.
 *
 * @example
 * import { createSession, signIn, signOut } from "@auth/solid-start/client"
 *
 * const session = createSession()
 * <Show when={session().data} fallback={<button onClick={() => signIn("github")}>Sign in</button>}>
 *   {(data) => <button onClick={() => signOut()}>Sign out {data().user?.email}</button>}
 * </Show>
 *
 * @module @auth/solid-start/client
 */
import {
  type AccountsResult,
  type AuthClient,
  type AuthClientOptions,
  type SignInOptions as CoreSignInOptions,
  type SignOutOptions as CoreSignOutOptions,
  createAuthClient as createCoreClient,
  type RevokeSessionsResult,
  type SessionState,
  type SessionStoreOptions,
  type SessionsResult,
  type SignInAuthorizationParams,
  type SignInResult,
  type SignOutResult,
} from "@auth/core/client"
import type { ProviderId } from "@auth/core/providers"
import type { Session } from "@auth/core/types"
import { type Accessor, createEffect, createSignal, getOwner, on, onCleanup } from "solid-js"
import { isServer } from "solid-js/web"

export type {
  AccountInfo,
  AccountsError,
  AccountsResult,
  ClientSafeProvider,
  ClientSafeProviders,
  RevokeSessionsResult,
  SessionInfo,
  SessionState,
  SessionStatus,
  SessionsError,
  SessionsResult,
  SignInAuthorizationParams,
  SignInResult,
  SignOutResult,
} from "@auth/core/client"

/** The older name of {@link SignInResult}, as Auth.js's SolidStart client called it. */
export type SignInResponse = SignInResult

/** Options of {@link signIn}; every other field (`email`, `password`, …) goes to the provider. */
export interface SignInOptions<Redirect extends boolean = boolean> extends CoreSignInOptions {
  /** @deprecated Use `redirectTo`, which wins when both are given. */
  callbackUrl?: string
  /**
   * `false` stays on the page and resolves with the outcome instead of navigating.
   * @default true
   */
  redirect?: Redirect
}

/** Options of {@link signOut}. */
export interface SignOutParams<Redirect extends boolean = boolean> extends CoreSignOutOptions {
  /**
   * `false` stays on the page and resolves with `{ url }` instead of navigating.
   * @default true
   */
  redirect?: Redirect
}

/** Options of {@link createSession}. */
export interface CreateSessionOptions extends Omit<SessionStoreOptions, "session"> {
  /**
   * The session the page was rendered with (then no request is made for it), or an accessor of
   * the route data's session (a `query` that reads `auth()`): each new value after the first
   * makes the browser refetch, so a sign-in or sign-out in a server action shows here too.
   * Otherwise the session is fetched once the component runs in the browser, starting from
   * `loading` (on the server too, so the hydrated page agrees with the server's HTML).
   */
  session?: Session | null | Accessor<Session | null | undefined>
}

/** The reactive session: call it for the state, which changes in every tab after sign-in/out. */
export interface SessionAccessor extends Accessor<SessionState> {
  /** Fetches the session again. */
  refetch(): Promise<Session | null>
  /**
   * Without `data`: {@link SessionAccessor.refetch}. With `data`: `POST <prefix>/session` (the
   * `jwt` and `session` callbacks get it with `trigger: "update"`), then every tab refetches.
   */
  update(data?: unknown): Promise<Session | null>
}

/** Options of {@link createAuthClient}. */
export interface SolidAuthClientOptions extends Omit<AuthClientOptions, "basePath"> {
  /**
   * Where the auth routes are: the server's `prefix`.
   * @default "/api/auth"
   */
  prefix?: string
}

/** The functions of a client bound to one `prefix`. */
export interface SolidAuthClient {
  signIn: typeof signIn
  signOut: typeof signOut
  getSession(): Promise<Session | null>
  createSession(options?: CreateSessionOptions): SessionAccessor
  listSessions: typeof listSessions
  revokeSession: typeof revokeSession
  revokeOtherSessions: typeof revokeOtherSessions
  revokeAllSessions: typeof revokeAllSessions
  listAccounts: typeof listAccounts
  unlinkAccount: typeof unlinkAccount
}

/**
 * A client for auth routes at another `prefix` than `/api/auth` (the server's `prefix`), with
 * the same functions as this module's.
 *
 * @example
 * // src/lib/auth-client.ts
 * export const { signIn, signOut, createSession } = createAuthClient({ prefix: "/auth" })
 */
export function createAuthClient(options: SolidAuthClientOptions = {}): SolidAuthClient {
  const { prefix = "/api/auth", ...rest } = options
  // Side-effect free until used: requests and the tabs' channel start on the first call.
  const client = createCoreClient({ ...rest, basePath: prefix })
  return {
    signIn: client.signIn as typeof signIn,
    signOut: client.signOut as typeof signOut,
    getSession: () => client.getSession(),
    createSession: (sessionOptions) => createSessionAccessor(client, sessionOptions),
    listSessions: () => client.listSessions(),
    revokeSession: (id) => client.revokeSession(id),
    revokeOtherSessions: () => client.revokeOtherSessions(),
    revokeAllSessions: () => client.revokeAllSessions(),
    listAccounts: () => client.listAccounts(),
    unlinkAccount: (provider, providerAccountId) =>
      client.unlinkAccount(provider, providerAccountId),
  }
}

const defaultClient = createAuthClient()

/**
 * Signs in with a provider, or sends the user to the sign-in page when there is none (or the
 * server has no such provider). With `redirect: false`, resolves with the outcome instead of
 * navigating: `{ error: "CredentialsSignin", code, ok: false, … }` for a wrong password.
 *
 * @example
 * const result = await signIn("credentials", { email, password, redirect: false })
 * if (result.error) setMessage("Wrong e-mail or password.")
 */
export function signIn(
  provider?: ProviderId,
  options?: SignInOptions<true>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<void>
export function signIn(
  provider: ProviderId | undefined,
  options: SignInOptions<false>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse>
export async function signIn(
  provider?: ProviderId,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<unknown> {
  return defaultClient.signIn(provider, options as SignInOptions<false>, authorizationParams)
}

/**
 * Signs out and goes to `redirectTo` (default: the current page); with `redirect: false`,
 * resolves with `{ url }` instead of navigating. Every tab sees the change.
 */
export function signOut(options?: SignOutParams<true>): Promise<void>
export function signOut(options: SignOutParams<false>): Promise<SignOutResult>
export async function signOut(options?: SignOutParams): Promise<unknown> {
  return defaultClient.signOut(options as SignOutParams<false>)
}

/** The session as the browser gets it (`GET /api/auth/session`), or `null`. */
export function getSession(): Promise<Session | null> {
  return defaultClient.getSession()
}

/**
 * `GET /api/auth/sessions`: the signed-in user's sessions, this browser's marked `current`;
 * `{ ok: false, error: "SessionRequired", status: 401 }` when nobody is signed in.
 *
 * @example
 * const [sessions] = createResource(listSessions)
 * <For each={sessions()?.ok ? sessions().sessions : []}>{(s) => <li>{s.userAgent}</li>}</For>
 */
export function listSessions(): Promise<SessionsResult> {
  return defaultClient.listSessions()
}

/**
 * Signs out the session `id` (as listed). When it is this browser's, every `createSession` and
 * the other tabs follow, as after `signOut({ redirect: false })`.
 */
export function revokeSession(id: string): Promise<RevokeSessionsResult> {
  return defaultClient.revokeSession(id)
}

/** Signs out every session of the user but this browser's. */
export function revokeOtherSessions(): Promise<RevokeSessionsResult> {
  return defaultClient.revokeOtherSessions()
}

/** Signs out every session of the user, this browser's too (every `createSession` follows). */
export function revokeAllSessions(): Promise<RevokeSessionsResult> {
  return defaultClient.revokeAllSessions()
}

/** `GET /api/auth/accounts`: the signed-in user's linked accounts. */
export function listAccounts(): Promise<AccountsResult> {
  return defaultClient.listAccounts()
}

/**
 * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
 * given); resolves with the accounts left, or `{ ok: false, error: "LastSignInMethod" }` when
 * it is their only way to sign in.
 */
export function unlinkAccount(
  provider: string,
  providerAccountId?: string,
): Promise<AccountsResult> {
  return defaultClient.unlinkAccount(provider, providerAccountId)
}

/**
 * The session as the browser sees it, as an accessor: `{ status, data }`, `status` being
 * `"loading"`, `"authenticated"` or `"unauthenticated"`. It follows sign-ins and sign-outs in
 * every tab; pass the route data's session so it starts known and follows server actions. While
 * the server renders, it is the session given (or `loading`).
 *
 * @example
 * const serverSession = createAsync(() => getSessionQuery())
 * const session = createSession({ session: serverSession })
 * <p>{session().data?.user?.email ?? "Not signed in"}</p>
 */
export function createSession(options?: CreateSessionOptions): SessionAccessor {
  return defaultClient.createSession(options)
}

function createSessionAccessor(
  client: AuthClient,
  options: CreateSessionOptions = {},
): SessionAccessor {
  const { session: source, ...storeOptions } = options
  // An accessor is not read for the first state: the page hydrates the text the server rendered
  // without comparing it, so both must start alike, and a resource may resolve in between.
  const initial = typeof source === "function" ? undefined : source
  const store = client.createSessionStore({ ...storeOptions, session: initial })
  if (isServer) {
    // While the server renders: the session the page is rendered with, fetched by nobody.
    const rendered = store.get()
    const data = async () => rendered.data
    return Object.assign(() => rendered, { refetch: data, update: data })
  }
  const [state, setState] = createSignal(store.get(), { equals: false })
  const stop = store.subscribe(setState)
  if (getOwner()) onCleanup(stop)
  if (typeof source === "function") {
    // Route data changed (an action signed in or out, a navigation revalidated it): ask again.
    const refetch = (value: Session | null | undefined) => value !== undefined && store.refetch()
    createEffect(on(source, refetch, { defer: true }))
  }
  return Object.assign(state, {
    refetch: () => store.refetch(),
    update: (data?: unknown) => store.update(data),
  })
}
