/**
 * The environment the launcher hands an example app, by name, and its parsing: one place for
 * the variable names the launcher writes and the app's config reads.
 */

/** The variables the launcher sets (and the app reads). */
export const EXAMPLE_ENV = {
  port: "PORT",
  host: "HOST",
  secret: "AUTH_SECRET",
  trustHost: "AUTH_TRUST_HOST",
  /** What core's `setEnvDefaults` infers for the provider id `playground-id`, too. */
  issuer: "AUTH_PLAYGROUND_ID_ISSUER",
  clientId: "AUTH_PLAYGROUND_ID_ID",
  clientSecret: "AUTH_PLAYGROUND_ID_SECRET",
  smtpUrl: "EXAMPLE_SMTP_URL",
  mailboxUrl: "EXAMPLE_MAILBOX_URL",
  dataDir: "EXAMPLE_DATA_DIR",
  basePath: "EXAMPLE_BASE_PATH",
  /** Read, never set: the user's choices, passed through. */
  databaseUrl: "DATABASE_URL",
  sessionStrategy: "AUTH_SESSION_STRATEGY",
  dbSchema: "EXAMPLE_DB_SCHEMA",
} as const

/** An environment, as `process.env` is. */
export type Env = Record<string, string | undefined>

/** The session strategies `AUTH_SESSION_STRATEGY` may name. */
export type SessionStrategy = "jwt" | "database"

/** The app's view of {@link EXAMPLE_ENV}, checked. */
export interface ExampleEnv {
  /** The Playground ID provider, when the launcher started it. */
  idp?: { issuer: string; clientId: string; clientSecret: string }
  smtpUrl?: string
  mailboxUrl?: string
  /** @default ".example-data" in the working directory */
  dataDir?: string
  databaseUrl?: string
  /** @default "database" */
  sessionStrategy: SessionStrategy
  dbSchema?: string
}

/** The largest TCP port. */
export const MAX_PORT = 65_535

/**
 * Reads the example variables of `env`.
 *
 * @throws {Error} when `AUTH_SESSION_STRATEGY` is neither `jwt` nor `database`
 */
export function readExampleEnv(env: Env): ExampleEnv {
  const issuer = nonEmpty(env[EXAMPLE_ENV.issuer])
  const clientId = nonEmpty(env[EXAMPLE_ENV.clientId])
  const clientSecret = nonEmpty(env[EXAMPLE_ENV.clientSecret])
  return {
    idp: issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined,
    smtpUrl: nonEmpty(env[EXAMPLE_ENV.smtpUrl]),
    mailboxUrl: nonEmpty(env[EXAMPLE_ENV.mailboxUrl]),
    dataDir: nonEmpty(env[EXAMPLE_ENV.dataDir]),
    databaseUrl: nonEmpty(env[EXAMPLE_ENV.databaseUrl]),
    sessionStrategy: parseSessionStrategy(env[EXAMPLE_ENV.sessionStrategy]) ?? "database",
    dbSchema: nonEmpty(env[EXAMPLE_ENV.dbSchema]),
  }
}

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

/** `undefined` for unset and blank values. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value
}
