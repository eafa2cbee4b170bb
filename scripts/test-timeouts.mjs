// Every test timeout of the workspace, in one place: the vitest configs, the Playwright config and
// scripts/test-all.mjs read it. A timeout only bounds a wait (a test or hook that passes ends
// when it is done), so the defaults are generous, and `TEST_TIMEOUT_SCALE` multiplies them all
// for a slow or busy machine. Types: test-timeouts.d.mts.

/** The environment variable that multiplies every test timeout. */
export const TIMEOUT_SCALE_VARIABLE = "TEST_TIMEOUT_SCALE"

/** A vitest test's timeout before scaling, unless its config needs more. */
export const VITEST_TEST_TIMEOUT_MS = 60_000
/** A vitest hook's timeout before scaling (servers, builds and databases start in hooks). */
export const VITEST_HOOK_TIMEOUT_MS = 180_000
/** How long vitest waits for its workers and global teardown to close before it exits. */
export const VITEST_TEARDOWN_TIMEOUT_MS = 30_000
/** A Playwright test's timeout before scaling. */
export const PLAYWRIGHT_TEST_TIMEOUT_MS = 60_000
/** A Playwright `expect` assertion's timeout before scaling. */
export const PLAYWRIGHT_EXPECT_TIMEOUT_MS = 15_000

/**
 * The scale `TEST_TIMEOUT_SCALE` sets in `env`: 1 when it is unset or empty.
 *
 * @param {Record<string, string | undefined>} [env]
 * @returns {number}
 * @throws {Error} when it is set to anything but a positive number.
 */
export function parseTimeoutScale(env = process.env) {
  const value = env[TIMEOUT_SCALE_VARIABLE]
  if (value === undefined || value.trim() === "") return 1
  const scale = Number(value)
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(
      `${TIMEOUT_SCALE_VARIABLE} must be a positive number, got "${value}": set it to e.g. 2 to double every test timeout, or unset it.`,
    )
  }
  return scale
}

/** The scale of this process's environment (see {@link parseTimeoutScale}). */
export const TIMEOUT_SCALE = parseTimeoutScale()

/**
 * `ms` times {@link TIMEOUT_SCALE}, rounded to a whole millisecond.
 *
 * @param {number} ms
 * @returns {number}
 */
export function scaled(ms) {
  return Math.round(ms * TIMEOUT_SCALE)
}

/**
 * A vitest config's `testTimeout` and `hookTimeout`: the defaults, or the config's own larger
 * needs, scaled.
 *
 * @example test: { name: "nextjs", ...vitestTimeouts({ hookTimeout: 240_000 }) }
 * @param {{ testTimeout?: number, hookTimeout?: number }} [atLeast] what the config needs, in ms
 * @returns {{ testTimeout: number, hookTimeout: number }}
 */
export function vitestTimeouts(atLeast = {}) {
  return {
    testTimeout: scaled(Math.max(VITEST_TEST_TIMEOUT_MS, atLeast.testTimeout ?? 0)),
    hookTimeout: scaled(Math.max(VITEST_HOOK_TIMEOUT_MS, atLeast.hookTimeout ?? 0)),
  }
}

/**
 * The scale for a whole test run: `TEST_TIMEOUT_SCALE` when it is set, else one chosen from the
 * machine: 1, 2 when the 1-minute load average is above the CPU count or there are fewer than
 * two CPUs, 3 when the load is above twice the CPU count.
 *
 * @param {{ env: Record<string, string | undefined>, loadAverage: number, cpus: number }} machine
 *   `loadAverage` is `os.loadavg()[0]`, `cpus` is `os.availableParallelism()`
 * @returns {{ scale: number, reason: string }}
 * @throws {Error} when `TEST_TIMEOUT_SCALE` is set to anything but a positive number.
 */
export function chooseTimeoutScale({ env, loadAverage, cpus }) {
  const value = env[TIMEOUT_SCALE_VARIABLE]
  if (value !== undefined && value.trim() !== "") {
    return { scale: parseTimeoutScale(env), reason: "as set in the environment" }
  }
  const load = `the load average ${loadAverage.toFixed(1)}`
  const chosen = (scale, why) => ({
    scale,
    reason: `chosen because ${why}; set ${TIMEOUT_SCALE_VARIABLE} to choose another`,
  })
  if (loadAverage > 2 * cpus) return chosen(3, `${load} is above twice the CPU count (${cpus})`)
  if (loadAverage > cpus) return chosen(2, `${load} is above the CPU count (${cpus})`)
  if (cpus < 2) return chosen(2, `the machine has ${cpus} CPU`)
  return chosen(1, `${load} is not above the CPU count (${cpus})`)
}
