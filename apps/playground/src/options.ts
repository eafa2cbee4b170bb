/** The playground's options from environment variables, checked once at start. */
import { EXAMPLE_ENV, parseAccessTokenTtl } from "@auth/example-support"
import type { PlaygroundOptions } from "./playground.js"

const MAX_PORT = 65_535

/**
 * Reads `PORT`, `DATABASE_URL`, `PLAYGROUND_DB_SCHEMA`, `REDIS_URL`, `PLAYGROUND_REDIS_PREFIX`,
 * `PLAYGROUND_RATE_LIMIT_ON_STORE_FAILURE` (`open` or `closed`),
 * `AUTH_SESSION_STRATEGY` (`jwt` or `database`), `AUTH_SECRET` (with `AUTH_SECRET_1..3` while
 * rotating, as core reads them: the first one set of `_3`, `_2`, `_1`, `AUTH_SECRET` seals new
 * tokens, every one opens them), `NODE_ENV`,
 * `PLAYGROUND_DATA_DIR`, `SMTP_URL` and `PLAYGROUND_ID_ISSUER` with `PLAYGROUND_ID_CLIENT_ID` and
 * `PLAYGROUND_ID_CLIENT_SECRET` (an identity provider to use instead of starting one), and
 * `PLAYGROUND_ID_ACCESS_TOKEN_TTL` (seconds an access token of the playground's own provider is
 * valid).
 *
 * @throws {Error} when `PORT`, `AUTH_SESSION_STRATEGY` or `PLAYGROUND_ID_ACCESS_TOKEN_TTL` has a
 *   value the playground cannot use, or when `PLAYGROUND_ID_ISSUER` comes without its client
 */
export function playgroundOptionsFromEnv(
  env: Record<string, string | undefined>,
): PlaygroundOptions {
  return {
    port: parsePort(env.PORT),
    dataDir: nonEmpty(env.PLAYGROUND_DATA_DIR),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databaseSchema: nonEmpty(env.PLAYGROUND_DB_SCHEMA),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisPrefix: nonEmpty(env.PLAYGROUND_REDIS_PREFIX),
    rateLimitOnStoreFailure: parseOnStoreFailure(env.PLAYGROUND_RATE_LIMIT_ON_STORE_FAILURE),
    identityProvider: parseIdentityProvider(env),
    accessTokenTtl: parseAccessTokenTtl(env[EXAMPLE_ENV.accessTokenTtl]),
    smtpUrl: nonEmpty(env.SMTP_URL),
    sessionStrategy: parseStrategy(env.AUTH_SESSION_STRATEGY),
    secret: parseSecrets(env),
    production: env.NODE_ENV === "production",
  }
}

function parseOnStoreFailure(
  value: string | undefined,
): PlaygroundOptions["rateLimitOnStoreFailure"] {
  if (nonEmpty(value) === undefined) return undefined
  if (value === "open" || value === "closed") return value
  throw new Error(
    `PLAYGROUND_RATE_LIMIT_ON_STORE_FAILURE must be "open" or "closed", not "${value}".`,
  )
}

function parseSecrets(env: Record<string, string | undefined>): PlaygroundOptions["secret"] {
  const secrets = [env.AUTH_SECRET_3, env.AUTH_SECRET_2, env.AUTH_SECRET_1, env.AUTH_SECRET]
    .map(nonEmpty)
    .filter((secret) => secret !== undefined)
  return secrets.length > 1 ? secrets : secrets[0]
}

function parseIdentityProvider(
  env: Record<string, string | undefined>,
): PlaygroundOptions["identityProvider"] {
  const issuer = nonEmpty(env.PLAYGROUND_ID_ISSUER)
  if (issuer === undefined) return undefined
  const clientId = nonEmpty(env.PLAYGROUND_ID_CLIENT_ID)
  const clientSecret = nonEmpty(env.PLAYGROUND_ID_CLIENT_SECRET)
  if (clientId === undefined || clientSecret === undefined) {
    throw new Error(
      "PLAYGROUND_ID_ISSUER needs PLAYGROUND_ID_CLIENT_ID and PLAYGROUND_ID_CLIENT_SECRET too.",
    )
  }
  return { issuer, clientId, clientSecret }
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
