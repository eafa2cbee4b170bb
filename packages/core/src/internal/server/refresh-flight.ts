/**
 * One refresh of a provider's access token at a time, whoever asks: concurrent calls of one
 * process share one promise; across the instances that share the session store, a short lock in
 * the store (`setIfAbsent`) lets one refresh while the others wait and then take its result
 * (`settled`: the account row re-read, or the tokens the winner published in the store) instead of
 * calling the provider with a refresh token the winner may just have spent.
 */
import type { SessionStore } from "../../types/sessions.js"
import { REFRESH_TIMEOUT_MS } from "../oauth/refresh.js"

/** How long a refresh lock is held at most: the refresh's own time limit and its writes. */
export const REFRESH_LOCK_TTL_MS = REFRESH_TIMEOUT_MS + 5_000
/** How often a caller that lost the lock looks for the winner's result, in milliseconds. */
const POLL_INTERVAL_MS = 50
/** How long a caller that lost the lock waits for a result before giving up, in milliseconds. */
const MAX_WAIT_MS = REFRESH_LOCK_TTL_MS + 5_000

/** The prefix of the lock keys in the session store. */
const LOCK_PREFIX = "access-token-lock:"

/** One refresh to share. */
export interface Flight<T> {
  /** What is refreshed (an account, or one refresh token): the key of the lock and of the map. */
  readonly key: string
  /**
   * Another caller's result when there is one by now (the re-read account row, the tokens published in the store),
   * else `undefined`. Asked by the lock's winner before it refreshes, and by the others while
   * they wait.
   */
  settled(): Promise<T | undefined>
  /** The refresh itself, with the lock held. */
  run(): Promise<T>
}

/** Thrown when the instance holding the lock gave no result within {@link MAX_WAIT_MS}. */
export class RefreshWaitTimeout extends Error {
  constructor() {
    super(`Another request held the refresh lock for more than ${MAX_WAIT_MS} ms without a result.`)
    this.name = "RefreshWaitTimeout"
  }
}

/** The refreshes running in this process, per scope (a resolved config), by key. */
const running = new WeakMap<object, Map<string, Promise<unknown>>>()

/**
 * Runs `flight` once for all concurrent callers of `scope` with the same key in this process,
 * and, when `store` can lock (`setIfAbsent`), once across the instances sharing it.
 *
 * @throws what `run` or `settled` throws (to every caller sharing it), a store error
 *   (`DatabaseUnavailableError`), or {@link RefreshWaitTimeout}
 */
export function singleFlight<T>(
  scope: object,
  store: SessionStore | undefined,
  flight: Flight<T>,
): Promise<T> {
  let flights = running.get(scope)
  if (!flights) {
    flights = new Map()
    running.set(scope, flights)
  }
  const shared = flights.get(flight.key) as Promise<T> | undefined
  if (shared) return shared
  const started = acrossInstances(store, flight)
  flights.set(flight.key, started)
  const forget = () => {
    if (flights.get(flight.key) === started) flights.delete(flight.key)
  }
  started.then(forget, forget)
  return started
}

/** The refresh under the store's lock, or directly when the store cannot lock. */
async function acrossInstances<T>(store: SessionStore | undefined, flight: Flight<T>): Promise<T> {
  if (!store?.setIfAbsent) return (await flight.settled()) ?? flight.run()
  const lockKey = `${LOCK_PREFIX}${flight.key}`
  const holder = crypto.randomUUID()
  const deadline = Date.now() + MAX_WAIT_MS
  for (;;) {
    if (await store.setIfAbsent(lockKey, holder, REFRESH_LOCK_TTL_MS)) {
      try {
        return (await flight.settled()) ?? (await flight.run())
      } finally {
        await release(store, lockKey, holder)
      }
    }
    await delay(POLL_INTERVAL_MS)
    const settled = await flight.settled()
    if (settled !== undefined) return settled
    if (Date.now() > deadline) throw new RefreshWaitTimeout()
  }
}

/** Releases the lock when it is still this holder's; a failure leaves it to expire. */
async function release(store: SessionStore, lockKey: string, holder: string): Promise<void> {
  try {
    await store.deleteIfEquals?.(lockKey, holder)
  } catch {
    // The lock expires after REFRESH_LOCK_TTL_MS; the refresh's result stands.
  }
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds))
}
