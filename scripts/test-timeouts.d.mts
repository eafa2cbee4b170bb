/** The environment variable that multiplies every test timeout. */
export const TIMEOUT_SCALE_VARIABLE: "TEST_TIMEOUT_SCALE"

/** A vitest test's timeout before scaling, unless its config needs more. */
export const VITEST_TEST_TIMEOUT_MS: number
/** A vitest hook's timeout before scaling (servers, builds and databases start in hooks). */
export const VITEST_HOOK_TIMEOUT_MS: number
/** How long vitest waits for its workers and global teardown to close before it exits. */
export const VITEST_TEARDOWN_TIMEOUT_MS: number
/** A Playwright test's timeout before scaling. */
export const PLAYWRIGHT_TEST_TIMEOUT_MS: number
/** A Playwright `expect` assertion's timeout before scaling. */
export const PLAYWRIGHT_EXPECT_TIMEOUT_MS: number

/**
 * The scale `TEST_TIMEOUT_SCALE` sets in `env`: 1 when it is unset or empty.
 *
 * @throws {Error} when it is set to anything but a positive number.
 */
export function parseTimeoutScale(env?: Record<string, string | undefined>): number

/** The scale of this process's environment (see {@link parseTimeoutScale}). */
export const TIMEOUT_SCALE: number

/** `ms` times {@link TIMEOUT_SCALE}, rounded to a whole millisecond. */
export function scaled(ms: number): number

/**
 * A vitest config's `testTimeout` and `hookTimeout`: the defaults, or the config's own larger
 * needs, scaled.
 *
 * @example test: { name: "nextjs", ...vitestTimeouts({ hookTimeout: 240_000 }) }
 */
export function vitestTimeouts(atLeast?: { testTimeout?: number; hookTimeout?: number }): {
  testTimeout: number
  hookTimeout: number
}

/**
 * The scale for a whole test run: `TEST_TIMEOUT_SCALE` when it is set, else one chosen from the
 * machine: 1, 2 when the 1-minute load average is above the CPU count or there are fewer than
 * two CPUs, 3 when the load is above twice the CPU count.
 *
 * @throws {Error} when `TEST_TIMEOUT_SCALE` is set to anything but a positive number.
 */
export function chooseTimeoutScale(machine: {
  env: Record<string, string | undefined>
  /** `os.loadavg()[0]` */
  loadAverage: number
  /** `os.availableParallelism()` */
  cpus: number
}): { scale: number; reason: string }
