/** A value or a promise of it. */
export type Awaitable<T> = T | PromiseLike<T>
