import { checkConfig } from "@auth/core"
import type { AuthError } from "@auth/core/errors"
import { prepare, type SvelteKitAuthConfigInput } from "./config.js"
import { isBuilding, isDevServer } from "./kit-env.js"

/** What happens until a config mistake is fixed, told once with the mistake. */
const CONSEQUENCE =
  "@auth/sveltekit: until this is fixed, the auth routes answer with the configuration error page and locals.auth() is null. Outside the dev server, the app refuses to start."

/**
 * Checks a config object when `SvelteKitAuth` is called (the server starting), with the
 * environment applied: a mistake that stops the whole service (no `AUTH_SECRET`, an untrusted
 * host, …) is reported once with its fix, on the dev server, and thrown everywhere else, so a
 * production server stops at startup instead of answering every auth request with a 500. A
 * provider the environment does not configure is no such mistake: core leaves it out and warns
 * once, naming its variables, and the server starts. A config function can only be checked per
 * request; `vite build` is not checked (no environment then).
 *
 * @throws {AuthError} the configuration mistake, outside the dev server
 */
export function checkAtStartup(input: SvelteKitAuthConfigInput): void {
  if (typeof input === "function" || isBuilding()) return
  // Outside a request, SvelteKit 3's `resolve()` is absolute: the URL is never used then.
  // The routes' check: also the `rateLimit` option, which session reads leave out.
  const error = checkConfig(prepare(input, "http://startup.invalid/").config)
  if (!error) return
  if (!isDevServer()) throw error
  report(error, input.logger?.error)
}

function report(error: AuthError, log: ((error: Error) => void) | undefined): void {
  if (!log) {
    console.error(`[auth][error] ${error.type}: ${error.message}\n[auth][error] ${CONSEQUENCE}`)
    return
  }
  try {
    log(error)
  } catch {
    // The logger's own failure must not keep the dev server from starting.
  }
}
