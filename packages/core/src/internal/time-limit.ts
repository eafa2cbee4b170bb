/**
 * A time limit on a store's calls (the Redis store's, `@auth/adapter-pg`'s store, any adapter's):
 * a call its server does not answer in time (stalled, its pool busy, its connection half-open) is
 * given up, so that the request is answered `503` rather than left hanging.
 */

/** What a time limit throws: the error of a call given up, and how a call's own error is told. */
export interface TimeLimitOptions {
  /**
   * The error a call given up rejects with: a `DatabaseUnavailableError`, for a `503` until the
   * server answers again.
   */
  readonly late: () => Error
  /**
   * The error a call is rejected with, from the one it rejected or threw with (such as an
   * outage told by its error code, as `DatabaseUnavailableError`). Unchanged by default.
   */
  readonly mapError?: (error: unknown) => unknown
}

/** A call in flight: when it is given up, and how. */
interface PendingCall {
  readonly deadline: number
  readonly expire: () => void
}

/**
 * Runs calls, each given up after `timeoutMs`. One timer watches every call in flight (it looks
 * every quarter of `timeoutMs`, at most every 50 ms, and only while calls wait), rather than one
 * timer per call, and it never keeps a process alive. A call is given up between `timeoutMs`
 * and a quarter more after it started; what it asked of its server may still finish there. A
 * late answer is dropped.
 *
 * @example
 * const limit = withTimeLimit(1000, {
 *   late: () => new DatabaseUnavailableError(new Error("no answer within 1000 ms")),
 * })
 * const rows = await limit(() => pool.query(text, params))
 *
 * @returns `limit(call)`, which settles as `call` does, or rejects with `late()` once it is late
 */
export function withTimeLimit(
  timeoutMs: number,
  options: TimeLimitOptions,
): <T>(call: () => Promise<T>) => Promise<T> {
  const { late, mapError = (error: unknown) => error } = options
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
          reject(late())
        },
      }
      const fail = (error: unknown) => {
        if (pending.delete(waiting)) reject(mapError(error))
      }
      pending.add(waiting)
      if (timer === undefined) arm()
      let answer: Promise<T>
      try {
        answer = call()
      } catch (error) {
        // A client that throws instead of rejecting (a closed one may) is handled the same way.
        fail(error)
        return
      }
      Promise.resolve(answer).then((value) => {
        if (pending.delete(waiting)) resolve(value)
      }, fail)
    })
}
