/**
 * The environment the launcher hands an example app, by name, and its parsing: one place for
 * the variable names the launcher writes and the app (or this package) reads.
 */

/** The variables the launcher sets (and the app or this package reads). */
export const EXAMPLE_ENV = {
  port: "PORT",
  host: "HOST",
  secret: "AUTH_SECRET",
  trustHost: "AUTH_TRUST_HOST",
  /** What core's `setEnvDefaults` reads for the provider id `playground-id`. */
  issuer: "AUTH_PLAYGROUND_ID_ISSUER",
  clientId: "AUTH_PLAYGROUND_ID_ID",
  clientSecret: "AUTH_PLAYGROUND_ID_SECRET",
  /** The SMTP server's URL, for the app's `Nodemailer({ server })`. */
  emailServer: "EMAIL_SERVER",
  mailboxUrl: "EXAMPLE_MAILBOX_URL",
  dataDir: "EXAMPLE_DATA_DIR",
  basePath: "EXAMPLE_BASE_PATH",
  /**
   * `1` when the app is served (set by the launcher, never while building): the database opens
   * as the app starts, not on the first request, which on a busy machine can take seconds.
   */
  openDatabase: "EXAMPLE_OPEN_DATABASE",
  /** Read, never set: the user's choice, passed through (and checked by the launcher). */
  sessionStrategy: "AUTH_SESSION_STRATEGY",
  /** Read, never set: the app's Redis (see `exampleRedis`), passed through. */
  redisUrl: "REDIS_URL",
  /**
   * Read by the launcher (and the playground), never set: seconds an access token of the local
   * provider is valid (`parseAccessTokenTtl`).
   */
  accessTokenTtl: "PLAYGROUND_ID_ACCESS_TOKEN_TTL",
} as const

/** An environment, as `process.env` is. */
export type Env = Record<string, string | undefined>

/** The session strategies `AUTH_SESSION_STRATEGY` may name. */
export type SessionStrategy = "jwt" | "database"

/** The data folder when `EXAMPLE_DATA_DIR` is not set, relative to the working directory. */
export const DEFAULT_DATA_DIR = ".example-data"

/** The id of the local OpenID provider: its callback is `<basePath>/callback/playground-id`. */
export const PLAYGROUND_ID_PROVIDER_ID = "playground-id"

/**
 * How long the local provider's access tokens are valid without `PLAYGROUND_ID_ACCESS_TOKEN_TTL`:
 * two minutes. `getAccessToken` refreshes a token in its last 60 seconds (its `skew`), so the
 * userinfo button gets the same token for a minute, then a refreshed one.
 */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 120

/** The largest TCP port. */
export const MAX_PORT = 65_535

/**
 * `jwt` or `database`; `undefined` when unset.
 *
 * @throws {Error} for any other value
 */
export function parseSessionStrategy(value: string | undefined): SessionStrategy | undefined {
  if (nonEmpty(value) === undefined) return undefined
  if (value === "jwt" || value === "database") return value
  throw new Error(`AUTH_SESSION_STRATEGY must be "jwt" or "database", not "${value}".`)
}

/**
 * A port number; `undefined` when unset. `0` means "pick a free one".
 *
 * @throws {Error} for anything that is not a port number
 */
export function parsePort(value: string | undefined): number | undefined {
  if (nonEmpty(value) === undefined) return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > MAX_PORT) {
    throw new Error(
      `PORT must be a port number from 0 to ${MAX_PORT} (0 picks a free one), not "${value}".`,
    )
  }
  return port
}

/**
 * `PLAYGROUND_ID_ACCESS_TOKEN_TTL`: a whole number of seconds, at least 1; `undefined` when unset.
 *
 * @throws {Error} for anything else
 */
export function parseAccessTokenTtl(value: string | undefined): number | undefined {
  if (nonEmpty(value) === undefined) return undefined
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(
      `${EXAMPLE_ENV.accessTokenTtl} must be a whole number of seconds, at least 1, not "${value}".`,
    )
  }
  return seconds
}

/** `undefined` for unset and blank values. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value
}
