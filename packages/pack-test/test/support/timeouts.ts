/**
 * Every wait in this package, scaled for slow machines: `TEST_TIMEOUT_SCALE=3` triples them
 * (a busy CI runner, a laptop on battery). The default waits already leave room on a 2-core
 * machine running other suites at the same time.
 */
export const TIMEOUT_SCALE = parseScale(process.env.TEST_TIMEOUT_SCALE)

/** `ms` times {@link TIMEOUT_SCALE}. */
export function scaled(ms: number): number {
  return Math.round(ms * TIMEOUT_SCALE)
}

function parseScale(value: string | undefined): number {
  if (value === undefined || value === "") return 1
  const scale = Number(value)
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(`TEST_TIMEOUT_SCALE must be a positive number, got "${value}".`)
  }
  return scale
}
