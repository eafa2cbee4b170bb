/**
 * `@auth/sveltekit/client`: signing in and out from the browser, and the session as the browser
 * sees it, and the signed-in user's sessions and accounts. A thin layer over `@auth/core/client`
 * (CSRF token, `X-Auth-Return-Redirect`, cross-tab sync), bound to the app's auth routes at
 * `<paths.base>/auth`.
 *
 * @example
 * <script lang="ts">
 *   import { signIn, signOut } from "@auth/sveltekit/client"
 * </script>
 *
 * <button onclick={() => signIn("github")}>Sign in with GitHub</button>
 * <button onclick={() => signOut({ redirectTo: "/" })}>Sign out</button>
 *
 * @module @auth/sveltekit/client
 */
import {
  type AccountsResult,
  type AuthClient,
  createAuthClient,
  type RevokeSessionsResult,
  type SessionState,
  type SessionStore,
  type SessionStoreOptions,
  type SessionsResult,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignInResult,
  type SignOutOptions,
  type SignOutResult,
} from "@auth/core/client"
import type { ProviderId } from "@auth/core/providers"
import type { Session } from "@auth/core/types"
import { authBasePath } from "./internal/base-path.js"

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
  SessionStore,
  SessionStoreOptions,
  SessionsError,
  SessionsResult,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutOptions,
  SignOutResult,
} from "@auth/core/client"

/** The older name of {@link SignInResult}, as Auth.js's SvelteKit client called it. */
export type SignInResponse = SignInResult

/** The older name of {@link SignOutResult}. */
export type SignOutResponse = SignOutResult

let client: AuthClient | undefined

/**
 * The client of this app's auth routes, made on first use (in the browser: it reads the page's
 * URL for the base path).
 */
function authClient(): AuthClient {
  client ??= createAuthClient({ basePath: authBasePath(globalThis.location.href) })
  return client
}

/**
 * Signs in with a provider, or sends the user to the sign-in page when there is none (or the
 * server has no such provider). Fields other than `redirectTo` and `redirect` (`email`,
 * `password`, …) go to the provider. With `redirect: false`, resolves with the outcome instead
 * of navigating: `{ error: "CredentialsSignin", code, ok: false, … }` for a wrong password.
 *
 * @example
 * const result = await signIn("credentials", { email, password, redirect: false })
 * if (result?.error) message = "Wrong e-mail or password."
 */
export async function signIn(
  provider?: ProviderId,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  return authClient().signIn(provider, options, authorizationParams)
}

/**
 * Signs out and goes to `redirectTo` (default: the current page); with `redirect: false`,
 * resolves with `{ url }` instead of navigating.
 */
export async function signOut(options?: SignOutOptions): Promise<SignOutResult | undefined> {
  return authClient().signOut(options)
}

/** The session as the browser gets it (`GET <basePath>/session`), or `null`. */
export function getSession(): Promise<Session | null> {
  return authClient().getSession()
}

/**
 * `GET <basePath>/sessions`: the signed-in user's sessions, this browser's marked `current`;
 * `{ ok: false, error: "SessionRequired", status: 401 }` when nobody is signed in.
 *
 * @example
 * const result = await listSessions()
 * if (result.ok) sessions = result.sessions
 */
export function listSessions(): Promise<SessionsResult> {
  return authClient().listSessions()
}

/**
 * Signs out the session `id` (as listed). When it is this browser's, the session stores and the
 * other tabs follow, as after `signOut({ redirect: false })`.
 */
export function revokeSession(id: string): Promise<RevokeSessionsResult> {
  return authClient().revokeSession(id)
}

/** Signs out every session of the user but this browser's. */
export function revokeOtherSessions(): Promise<RevokeSessionsResult> {
  return authClient().revokeOtherSessions()
}

/** Signs out every session of the user, this browser's too (the session stores follow). */
export function revokeAllSessions(): Promise<RevokeSessionsResult> {
  return authClient().revokeAllSessions()
}

/** `GET <basePath>/accounts`: the signed-in user's linked accounts. */
export function listAccounts(): Promise<AccountsResult> {
  return authClient().listAccounts()
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
  return authClient().unlinkAccount(provider, providerAccountId)
}

/**
 * A session store (Svelte's store contract: `$session` in a component) that follows sign-ins
 * and sign-outs in every tab. Pass the session the server rendered with, so it starts known.
 *
 * @example
 * <script lang="ts">
 *   import { createSessionStore } from "@auth/sveltekit/client"
 *   let { data } = $props()
 *   const session = createSessionStore({ session: data.session })
 * </script>
 *
 * {#if $session.status === "authenticated"}Signed in as {$session.data?.user?.email}{/if}
 */
export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  // Rendering on the server: the session the page was rendered with, nothing fetched.
  if (globalThis.location === undefined) return renderedSessionStore(options.session)
  return authClient().createSessionStore(options)
}

/** A store that holds the session the server rendered with, for server-side rendering. */
function renderedSessionStore(session: Session | null | undefined): SessionStore {
  const state: SessionState = Object.freeze(
    session === undefined
      ? { data: null, status: "loading" }
      : session === null
        ? { data: null, status: "unauthenticated" }
        : { data: session, status: "authenticated" },
  )
  return {
    get: () => state,
    subscribe(listener) {
      listener(state)
      return () => {}
    },
    refetch: async () => state.data,
    update: async () => state.data,
  }
}
