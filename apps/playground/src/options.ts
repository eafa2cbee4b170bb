/** The playground's options from environment variables, checked once at start. */
import type { PlaygroundOptions } from "./playground.js"

const MAX_PORT = 65_535

/**
 * Reads `PORT`, `DATABASE_URL`, `REDIS_URL`, `AUTH_SESSION_STRATEGY` (`jwt` or `database`),
 * `AUTH_SECRET`, `NODE_ENV` and `PLAYGROUND_DATA_DIR`.
 *
 * @throws {Error} when `PORT` or `AUTH_SESSION_STRATEGY` has a value the playground cannot use
 */
export function playgroundOptionsFromEnv(
  env: Record<string, string | undefined>,
): PlaygroundOptions {
  return {
    port: parsePort(env.PORT),
    dataDir: nonEmpty(env.PLAYGROUND_DATA_DIR),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    sessionStrategy: parseStrategy(env.AUTH_SESSION_STRATEGY),
    secret: nonEmpty(env.AUTH_SECRET),
    production: env.NODE_ENV === "production",
  }
}

function parsePort(value: string | undefined): number | undefined {
  if (nonEmpty(value) === undefined) return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > MAX_PORT) {
    throw new Error(
      `PORT must be a port number from 0 to ${MAX_PORT} (0 picks a free one), not "${value}".`,
    )
  }
  return port
}

function parseStrategy(value: string | undefined): PlaygroundOptions["sessionStrategy"] {
  if (nonEmpty(value) === undefined) return undefined
  if (value === "jwt" || value === "database") return value
  throw new Error(`AUTH_SESSION_STRATEGY must be "jwt" or "database", not "${value}".`)
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value
}
