/**
 * A session store: the session as the browser sees it, kept fresh while somebody listens. The
 * base of every framework's reactive session (a React context, a Svelte store, a Solid
 * resource): `subscribe` follows the Svelte store contract, `get` is a stable snapshot.
 */
import type { Session } from "../types.js"
import type { FetchOutcome } from "./requests.js"
import type { SessionHub } from "./session-hub.js"
import type { SessionState } from "./types.js"

/** Options of `createSessionStore`. */
export interface SessionStoreOptions {
  /**
   * The session the page was rendered with; `undefined` fetches it when the first listener
   * subscribes.
   * @default undefined
   */
  session?: Session | null
  /**
   * Refetch every this many seconds while signed in; `0` never.
   * @default 0
   */
  refetchInterval?: number
  /**
   * Refetch when the page becomes visible or the window gets the focus.
   * @default false
   */
  refetchOnWindowFocus?: boolean
  /**
   * `false` skips the interval's refetch while `navigator.onLine` is `false`.
   * @default true
   */
  refetchWhenOffline?: boolean
}

/** The reactive session. */
export interface SessionStore {
  /** The current state; the same object until it changes. */
  get(): SessionState
  /**
   * Calls `listener` now with the current state and then on every change; returns the
   * function that stops it. The first subscriber starts the store (the first fetch, cross-tab
   * sync, focus and interval refetches); the last one to leave stops it.
   */
  subscribe(listener: (state: SessionState) => void): () => void
  /** Fetches the session again; resolves with it (on a failed request: the one it had). */
  refetch(): Promise<Session | null>
  /**
   * Without `data`: {@link refetch}, then the other tabs refetch (as next-auth/react's
   * `update()`). With `data`: `POST <basePath>/session` (the session callback's `newSession` /
   * the jwt callback's `session`), then every tab refetches.
   */
  update(data?: unknown): Promise<Session | null>
}

/** What a store needs from its client. */
export interface SessionSource {
  hub: SessionHub
  fetchSession(): Promise<FetchOutcome<Session | null>>
  updateSession(data: unknown): Promise<Session | null>
  logError(error: Error): void
}

const LOADING: SessionState = Object.freeze({ data: null, status: "loading" })
const SIGNED_OUT: SessionState = Object.freeze({ data: null, status: "unauthenticated" })

/** Creates a store; nothing is fetched before the first `subscribe` (or `refetch`). */
export function createSessionStore(
  source: SessionSource,
  options: SessionStoreOptions = {},
): SessionStore {
  let state = options.session === undefined ? LOADING : stateOf(options.session)
  const listeners = new Set<(state: SessionState) => void>()
  let latestRequest = 0
  let stop: (() => void) | undefined

  const set = (next: SessionState): void => {
    if (sameState(state, next)) return
    state = next
    for (const listener of [...listeners]) listener(state)
  }

  /**
   * Fetches; only the latest request started may set the state, so no stale answer wins. Tells
   * the other tabs when the fetched session's user differs from the one the store had
   * (`"changed"`), or whenever it fetched a session (`"always"`: `update()`, as next-auth/react's).
   */
  const refetch = async (
    tellOtherTabs: "never" | "changed" | "always" = "never",
  ): Promise<Session | null> => {
    const request = ++latestRequest
    const outcome = await source.fetchSession()
    if (!outcome.ok) source.logError(outcome.error)
    if (request !== latestRequest) return outcome.ok ? outcome.value : state.data
    const before = state
    // A failed request keeps what the store knew: a flaky network does not sign anyone out.
    if (outcome.ok) set(stateOf(outcome.value))
    else if (state.status === "loading") set(SIGNED_OUT)
    // Like next-auth/react's first fetch: a page that finds a different session tells the
    // other tabs (who signed in through OAuth or an e-mail link land here).
    const changed = JSON.stringify(before.data?.user) !== JSON.stringify(state.data?.user)
    if (tellOtherTabs === "changed" && changed) source.hub.broadcast("getSession")
    if (tellOtherTabs === "always" && outcome.ok && outcome.value !== null) {
      source.hub.broadcast("getSession")
    }
    return state.data
  }

  const start = (): (() => void) => {
    const stops = [
      source.hub.attach({ refetch: () => refetch(), receive: (session) => set(stateOf(session)) }),
    ]
    if (options.refetchOnWindowFocus) stops.push(watchFocus(() => refetch()))
    if (options.refetchInterval && options.refetchInterval > 0) {
      const timer = setInterval(() => {
        const offline = globalThis.navigator?.onLine === false
        if (state.status !== "authenticated") return
        if (offline && options.refetchWhenOffline === false) return
        void refetch()
      }, options.refetchInterval * 1000)
      stops.push(() => clearInterval(timer))
    }
    if (state.status === "loading") void refetch("changed")
    return () => {
      for (const stopOne of stops) stopOne()
    }
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener)
      listener(state)
      if (listeners.size === 1) stop = start()
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        stop?.()
        stop = undefined
      }
    },
    refetch: () => refetch(),
    async update(data) {
      if (data === undefined) return refetch("always")
      latestRequest++
      const session = await source.updateSession(data)
      if (session !== null) set(stateOf(session))
      return session
    },
  }
}

function stateOf(session: Session | null): SessionState {
  return session === null ? SIGNED_OUT : Object.freeze({ data: session, status: "authenticated" })
}

/** Same status and the same session JSON: listeners are not called for a no-op. */
function sameState(a: SessionState, b: SessionState): boolean {
  return a.status === b.status && JSON.stringify(a.data) === JSON.stringify(b.data)
}

/** Calls `refetch` when the page becomes visible or the window is focused, once at a time. */
function watchFocus(refetch: () => Promise<unknown>): () => void {
  const document = globalThis.document as Document | undefined
  const window = globalThis.window as Window | undefined
  let inFlight = false
  const onFocus = (): void => {
    if (inFlight || document?.visibilityState === "hidden") return
    inFlight = true
    void refetch().finally(() => {
      inFlight = false
    })
  }
  document?.addEventListener("visibilitychange", onFocus)
  window?.addEventListener("focus", onFocus)
  return () => {
    document?.removeEventListener("visibilitychange", onFocus)
    window?.removeEventListener("focus", onFocus)
  }
}
