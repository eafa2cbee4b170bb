import type { AuthError } from "../../errors.js"
import type { AuthConfig } from "../../types.js"
import { serviceErrorOf } from "./rate-limits.js"
import { resolveConfig } from "./resolve-config.js"

/**
 * Resolves a config exactly as `Auth()` will (defaults applied, checked, cached per config
 * object) and returns its first configuration mistake, or `undefined` when there is none.
 * Integrations call it when they are set up, after applying the environment
 * (`setEnvDefaults`), so a missing `AUTH_SECRET` is reported at startup instead of on the first
 * request. The mistake is not logged: reporting it is the caller's.
 *
 * Only mistakes that stop the whole service count. A provider that cannot serve (an OAuth
 * provider without `AUTH_<PROVIDER>_ID`, a WebAuthn provider) is left out while the others
 * serve, and core itself warns about it once (`providers-unavailable`, naming every missing
 * variable) when the config is resolved: never refuse to start for it.
 *
 * @example
 * setEnvDefaults(env, config)
 * const error = checkConfig(config)
 * if (error && env.NODE_ENV === "production") throw error
 */
export function checkConfig(config: AuthConfig): AuthError | undefined {
  return serviceErrorOf(resolveConfig(config))
}
