import type { AuthError } from "../../errors.js"
import type { AuthConfig } from "../../types.js"
import { resolveConfig } from "./resolve-config.js"

/**
 * Resolves a config exactly as `Auth()` will (defaults applied, checked, cached per config
 * object) and returns its first configuration mistake, or `undefined` when there is none.
 * Integrations call it when they are set up, after applying the environment
 * (`setEnvDefaults`), so a missing `AUTH_SECRET` or a provider without a client id is reported
 * at startup instead of on the first request. It logs nothing: reporting is the caller's.
 *
 * @example
 * setEnvDefaults(process.env, config)
 * const error = checkConfig(config)
 * if (error && process.env.NODE_ENV === "production") throw error
 */
export function checkConfig(config: AuthConfig): AuthError | undefined {
  return resolveConfig(config).error
}
