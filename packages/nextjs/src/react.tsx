"use client"
/**
 * `next-auth/react`: the session in Client Components, and sign-in and sign-out from the
 * browser. A thin React layer over `@auth/core/client` (CSRF, `X-Auth-Return-Redirect`, the
 * session store, cross-tab sync on the `"next-auth"` `BroadcastChannel`, refetch on focus and
 * on an interval), with next-auth/react's names and semantics.
 *
 * @example
 * // app/providers.tsx
 * "use client"
 * import { SessionProvider } from "next-auth/react"
 * export function Providers({ children }: { children: React.ReactNode }) {
 *   return <SessionProvider>{children}</SessionProvider>
 * }
 *
 * // a Client Component
 * const { data: session, status } = useSession()
 * <button onClick={() => signIn("github")}>Sign in</button>
 *
 * @module next-auth/react
 */
import type {
  AccountsResult,
  ClientSafeProvider,
  ClientSafeProviders,
  RevokeSessionsResult,
  SessionsResult,
  SignInAuthorizationParams,
  SignInResult,
  SignOutResult,
  SignInOptions as StoreSignInOptions,
  SignOutOptions as StoreSignOutOptions,
} from "@auth/core/client"
import type { Session } from "@auth/core/types"
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from "react"
import { clientFor, defaultBasePath, setActiveBasePath } from "./internal/browser-client.js"

export type {
  AccountInfo,
  AccountsError,
  SessionInfo,
  SessionsError,
} from "@auth/core/client"
export type {
  AccountsResult,
  ClientSafeProvider,
  RevokeSessionsResult,
  SessionsResult,
  SignInAuthorizationParams,
}

/** What `signIn(…, { redirect: false })` resolves with. */
export type SignInResponse = SignInResult
/** What `signOut({ redirect: false })` resolves with. */
export type SignOutResponse = SignOutResult

/** Options of `signIn`: `redirectTo`, `redirect`, and the form's fields (`email`, `password`…). */
export type SignInOptions<Redirect extends boolean = true> = Omit<
  StoreSignInOptions,
  "redirect"
> & {
  /** `false` stays on the page and resolves with a {@link SignInResponse}. @default true */
  redirect?: Redirect
}

/** Options of `signOut`. */
export type SignOutParams<Redirect extends boolean = true> = Omit<
  StoreSignOutOptions,
  "redirect"
> & {
  /** `false` stays on the page and resolves with `{ url }`. @default true */
  redirect?: Redirect
}

/** `update` of `useSession`: refetch (no argument) or send `data` to the session callbacks. */
export type UpdateSession = (data?: unknown) => Promise<Session | null>

/** What `useSession` returns. */
export type SessionContextValue<Required extends boolean = false> = Required extends true
  ?
      | { update: UpdateSession; data: Session; status: "authenticated" }
      | { update: UpdateSession; data: null; status: "loading" }
  :
      | { update: UpdateSession; data: Session; status: "authenticated" }
      | { update: UpdateSession; data: null; status: "unauthenticated" | "loading" }

/** Options of `useSession`. */
export interface UseSessionOptions<Required extends boolean> {
  /** Send visitors without a session to the sign-in page (status stays `loading` meanwhile). */
  required: Required
  /** Called instead of the redirect when `required` and nobody is signed in. */
  onUnauthenticated?: () => void
}

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  children: ReactNode
  /** The session the server rendered with (`await auth()`); `undefined` fetches it. */
  session?: Session | null
  /**
   * Where the auth routes are.
   * @default the path of `NEXTAUTH_URL`, else `/api/auth` under the `basePath` of `next.config`
   */
  basePath?: string
  /** Refetch every this many seconds while signed in; `0` never. @default 0 */
  refetchInterval?: number
  /** Refetch when the tab becomes visible again. @default true */
  refetchOnWindowFocus?: boolean
  /** `false` skips the interval's refetch while offline. @default true */
  refetchWhenOffline?: boolean
}

/** The session context `SessionProvider` provides. */
export const SessionContext = createContext<SessionContextValue | undefined>(undefined)

/**
 * Provides the session to `useSession` below it, kept fresh: refetched on focus and on
 * `refetchInterval`, and when another tab signs in or out. Its `basePath` is also the one the
 * module's `signIn`, `signOut`, `getSession`… use.
 */
export function SessionProvider(props: SessionProviderProps): ReactNode {
  const { children, session, basePath, refetchInterval, refetchWhenOffline } = props
  const refetchOnWindowFocus = props.refetchOnWindowFocus ?? true
  const client = useMemo(() => {
    if (basePath !== undefined) setActiveBasePath(basePath)
    return clientFor(basePath ?? defaultBasePath())
  }, [basePath])
  // The session of the first render only: later renders keep the store (and what it knows).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `session` prop refetches below
  const store = useMemo(
    () =>
      client.createSessionStore({
        session,
        refetchInterval,
        refetchOnWindowFocus,
        refetchWhenOffline,
      }),
    [client, refetchInterval, refetchOnWindowFocus, refetchWhenOffline],
  )
  const state = useSyncExternalStore(store.subscribe, store.get, store.get)
  // The server rendered another session (after a server action signed in or out): read it.
  const serverUser = session === undefined ? undefined : JSON.stringify(session?.user ?? null)
  useEffect(() => {
    if (serverUser !== undefined && serverUser !== JSON.stringify(store.get().data?.user ?? null)) {
      void store.refetch()
    }
  }, [serverUser, store])
  const value = useMemo(
    () => ({ data: state.data, status: state.status, update: store.update }) as SessionContextValue,
    [state, store],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

/**
 * The session as the browser sees it: `{ data, status, update }`. With `required: true`,
 * visitors without a session are sent to `<basePath>/signin?error=SessionRequired` (or
 * `onUnauthenticated` runs) and `status` stays `loading`.
 *
 * @throws {Error} outside a {@link SessionProvider}
 */
export function useSession<Required extends boolean = false>(
  options?: UseSessionOptions<Required>,
): SessionContextValue<Required> {
  const value = useContext(SessionContext)
  if (!value) throw new Error("[next-auth]: `useSession` must be wrapped in a <SessionProvider />")
  const { required, onUnauthenticated } = options ?? {}
  const mustSignIn = Boolean(required) && value.status === "unauthenticated"
  useEffect(() => {
    if (!mustSignIn) return
    if (onUnauthenticated) {
      onUnauthenticated()
      return
    }
    const query = new URLSearchParams({ error: "SessionRequired", callbackUrl: location.href })
    location.assign(`${clientFor().url("signin")}?${query}`)
  }, [mustSignIn, onUnauthenticated])
  if (mustSignIn) {
    return { data: null, status: "loading", update: value.update } as SessionContextValue<Required>
  }
  return value as SessionContextValue<Required>
}

/** Options of {@link getSession}. */
export interface GetSessionParams {
  /** Tell the other tabs to refetch too. @default true */
  broadcast?: boolean
}

/** `GET <basePath>/session`: the session, or `null`. The other tabs refetch too. */
export async function getSession(params?: GetSessionParams): Promise<Session | null> {
  return clientFor().getSession({ broadcast: params?.broadcast ?? true })
}

/** `GET <basePath>/csrf`: the CSRF token for a form of your own; `""` when the request failed. */
export async function getCsrfToken(): Promise<string> {
  return clientFor().getCsrfToken()
}

/** `GET <basePath>/providers`: the providers by id; `null` when the request failed. */
export async function getProviders(): Promise<ClientSafeProviders | null> {
  return clientFor().getProviders()
}

/**
 * Signs in from the browser. Without a provider (or with an unknown one) it goes to the
 * sign-in page. Credentials post to `/callback/<id>`, the others to `/signin/<id>`.
 * With `redirect: false` it stays on the page and resolves with `{ error, code, status, ok, url }`
 * (and the session of every `useSession` refreshes); otherwise it navigates.
 *
 * @throws {TypeError} for a WebAuthn provider
 */
export async function signIn(
  provider?: string,
  options?: SignInOptions<true>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<undefined>
export async function signIn(
  provider: string | undefined,
  options: SignInOptions<false>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse>
export async function signIn(
  provider?: string,
  options?: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | undefined> {
  return clientFor().signIn(provider, options, authorizationParams)
}

/**
 * Signs out from the browser (the other tabs follow), then goes to `redirectTo` (default: this
 * page); with `redirect: false` resolves with `{ url }` instead.
 */
export async function signOut(options?: SignOutParams<true>): Promise<undefined>
export async function signOut(options: SignOutParams<false>): Promise<SignOutResponse>
export async function signOut(
  options?: SignOutParams<boolean>,
): Promise<SignOutResponse | undefined> {
  return clientFor().signOut(options)
}

/**
 * `GET <basePath>/sessions`: the signed-in user's sessions, this browser's marked `current`;
 * `{ ok: false, error: "SessionRequired", status: 401 }` when nobody is signed in.
 *
 * @example
 * const result = await listSessions()
 * if (result.ok) setSessions(result.sessions)
 */
export async function listSessions(): Promise<SessionsResult> {
  return clientFor().listSessions()
}

/**
 * Signs out the session `id` (as listed). When it is this browser's, every `useSession` and the
 * other tabs follow, as after `signOut({ redirect: false })`.
 */
export async function revokeSession(id: string): Promise<RevokeSessionsResult> {
  return clientFor().revokeSession(id)
}

/** Signs out every session of the user but this browser's. */
export async function revokeOtherSessions(): Promise<RevokeSessionsResult> {
  return clientFor().revokeOtherSessions()
}

/** Signs out every session of the user, this browser's too (every `useSession` follows). */
export async function revokeAllSessions(): Promise<RevokeSessionsResult> {
  return clientFor().revokeAllSessions()
}

/** `GET <basePath>/accounts`: the signed-in user's linked accounts. */
export async function listAccounts(): Promise<AccountsResult> {
  return clientFor().listAccounts()
}

/**
 * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
 * given); resolves with the accounts left, or `{ ok: false, error: "LastSignInMethod" }` when
 * it is their only way to sign in.
 */
export async function unlinkAccount(
  provider: string,
  providerAccountId?: string,
): Promise<AccountsResult> {
  return clientFor().unlinkAccount(provider, providerAccountId)
}
