/**
 * Every wait in this package, scaled for slow machines: `TEST_TIMEOUT_SCALE=3` triples them (a
 * busy laptop, a loaded CI runner). A wait ends on its event; the bound only turns a hang into
 * a clear failure.
 */
export const TIMEOUT_SCALE = parseScale(process.env.TEST_TIMEOUT_SCALE)

/** `ms` times {@link TIMEOUT_SCALE}. */
export function scaled(ms: number): number {
  return Math.round(ms * TIMEOUT_SCALE)
}

/**
 * Resolves with `promise`, or rejects with `what` once `ms` (scaled) have passed.
 *
 * @example await within(instance.exited, 5_000, "instance s1 to exit")
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Waited ${scaled(ms)} ms for ${what}.`)), scaled(ms))
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function parseScale(value: string | undefined): number {
  if (value === undefined || value === "") return 1
  const scale = Number(value)
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(`TEST_TIMEOUT_SCALE must be a positive number, got "${value}".`)
  }
  return scale
}
