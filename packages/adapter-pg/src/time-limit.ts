/**
 * A time limit on the store's calls, as core's Redis store has one: a call that PostgreSQL does
 * not answer in time (a stalled server, a pool with every connection busy) is given up, so that
 * a request is answered `503` rather than left hanging.
 */
import { unavailableError } from "./unavailable.js"

/** A call waiting for PostgreSQL: when it is given up, and how. */
interface PendingCall {
  readonly deadline: number
  readonly expire: () => void
}

/**
 * Runs calls, each given up after `timeoutMs` with `DatabaseUnavailableError`. One timer watches
 * every call in flight (it looks every quarter of `timeoutMs`, at most every 50 ms, and only
 * while calls wait), rather than one timer per call, and it never keeps a process alive. A call
 * is given up between `timeoutMs` and a quarter more after it started; its statement may still
 * finish on the server (set the pool's `statement_timeout` to end it there too).
 *
 * @returns `limit(call)`, which settles as `call` does, or rejects once it is late
 */
export function withTimeLimit(timeoutMs: number): <T>(call: () => Promise<T>) => Promise<T> {
  const pending = new Set<PendingCall>()
  const every = Math.max(1, Math.min(50, timeoutMs / 4))
  let timer: ReturnType<typeof setTimeout> | undefined
  const sweep = () => {
    timer = undefined
    const now = Date.now()
    for (const call of pending) if (call.deadline <= now) call.expire()
    if (pending.size > 0) arm()
  }
  const arm = () => {
    timer = setTimeout(sweep, every)
    // A Node timer must not keep the process alive for calls that are already answered.
    const handle = timer as unknown as { unref?: () => void }
    handle.unref?.()
  }
  return <T>(call: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const waiting: PendingCall = {
        deadline: Date.now() + timeoutMs,
        expire() {
          pending.delete(waiting)
          const late = new Error(
            `PostgreSQL did not answer within ${timeoutMs} ms (the store's timeoutMs)`,
          )
          reject(unavailableError(late))
        },
      }
      pending.add(waiting)
      if (timer === undefined) arm()
      call().then(
        (value) => {
          if (pending.delete(waiting)) resolve(value)
        },
        (error: unknown) => {
          if (pending.delete(waiting)) reject(error)
        },
      )
    })
}
