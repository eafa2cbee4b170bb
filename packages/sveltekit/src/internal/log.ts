import type { AuthConfig } from "@auth/core"

/**
 * Logs an error the way core does for this config: through `config.logger.error` when the user
 * set one, else with core's `[auth][error]` prefix on the console.
 */
export function logError(config: Pick<AuthConfig, "logger"> | undefined, error: unknown): void {
  const cause = error instanceof Error ? error : new Error(String(error))
  const log = config?.logger?.error
  if (log) log(cause)
  else console.error("[auth][error]", cause)
}
