/**
 * Starts the whole playground: the SMTP server and the identity provider it signs in with, the
 * database, and the Express app, all on loopback addresses.
 */
import { resolve } from "node:path"
import { createRedisStore } from "@auth/core/redis"
import { type Idp, startIdentityProvider, startSmtpServer } from "@auth/dev-servers"
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS, exampleRedis } from "@auth/example-support"
import { DEMO_USER } from "@auth/example-support/demo-user"
import { type AppServer, checkPortFree, startServer } from "@auth/example-support/serve"
import { CloseStack, resolveSecret } from "@auth/example-support/servers"
import { createApp } from "./app.js"
import {
  createAuthConfig,
  PLAYGROUND_ID_PROVIDER_ID,
  type PlaygroundIdClient,
} from "./auth-config.js"
import { browserScript } from "./browser-script.js"
import { openDatabase } from "./database.js"

/** The default port of the app. */
export const DEFAULT_PORT = 3000
/** The default data folder (PGlite's files and the development secret), relative to the cwd. */
export const DEFAULT_DATA_DIR = ".playground-data"
/** The highest TCP port. */
const MAX_PORT = 65_535
/** The app listens on this loopback address only. */
const HOST = "127.0.0.1"

/** Options of {@link startPlayground}; `playgroundOptionsFromEnv` reads them from the env. */
export interface PlaygroundOptions {
  /**
   * The app's port; `0` picks a free one (the identity provider and SMTP server always do).
   * @default 3000
   */
  port?: number
  /**
   * The folder for PGlite and the development secret.
   * @default ".playground-data"
   */
  dataDir?: string
  /** A PostgreSQL URL: the tables go there (schema `playground`) instead of PGlite. */
  databaseUrl?: string
  /**
   * The PostgreSQL schema of `databaseUrl` (each instance of a group shares it).
   * @default "playground"
   */
  databaseSchema?: string
  /**
   * A Redis URL: JWT sessions' revocations and the rate limits go there (keys `playground:…`)
   * instead of memory.
   */
  redisUrl?: string
  /**
   * While Redis (the rate limits' store) is down: `"open"` lets requests through, `"closed"`
   * answers 503 until it is back.
   * @default "open"
   */
  rateLimitOnStoreFailure?: "open" | "closed"
  /**
   * The prefix of the Redis keys.
   * @default "playground:"
   */
  redisPrefix?: string
  /**
   * An OpenID provider to sign in with as "Playground ID" instead of starting one: several
   * instances behind a balancer share one, which knows the balancer's callback URL.
   */
  identityProvider?: PlaygroundIdClient
  /**
   * Where e-mail sign-in links are sent (`smtp://host:port`) instead of the playground's own
   * SMTP server; the mailbox page cannot show them then.
   */
  smtpUrl?: string
  /**
   * Seconds the access tokens of the playground's own identity provider are valid
   * (`PLAYGROUND_ID_ACCESS_TOKEN_TTL`); not used with `identityProvider`.
   * @default 120: the home page's userinfo button sees the token refreshed after a minute
   */
  accessTokenTtl?: number
  /** @default "database" */
  sessionStrategy?: "jwt" | "database"
  /**
   * `AUTH_SECRET`; without it a development secret is created (never in production). Several
   * while rotating: the first seals new tokens, every one opens them.
   */
  secret?: string | readonly string[]
  /**
   * Production mode: refuses to start without `secret`.
   * @default false
   */
  production?: boolean
  /**
   * Where the playground says what it is doing.
   * @default console.log
   */
  log?: (message: string) => void
  /**
   * Where unexpected errors go.
   * @default console.error
   */
  logError?: (error: unknown) => void
}

/** A running playground. */
export interface Playground {
  /** `http://localhost:<port>`: open it in a browser. */
  url: string
  port: number
  /** The issuer of the Playground ID provider. */
  issuer: string
  /** `smtp://127.0.0.1:<port>`, or `smtpUrl` of the options. */
  smtpUrl: string
  /**
   * Stops the app (no new connection; the requests under way finish, for at most 10 s), then
   * the servers and the database; safe to call more than once.
   */
  close(): Promise<void>
}

/**
 * Starts the playground and resolves once it serves requests. A port in use is reported at once,
 * before anything else starts; the app listens once everything it needs has started (creating
 * PGlite's database keeps Node.js busy for seconds, during which nothing could answer).
 *
 * @throws {Error} in production without a secret, or when the port is taken or the database
 *   cannot be opened (everything started so far is stopped again)
 * @example
 * const playground = await startPlayground({ port: 0, dataDir: "/tmp/playground" })
 * console.log(playground.url)
 * await playground.close()
 */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const log = options.log ?? console.log
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR)
  const sessionStrategy = options.sessionStrategy ?? "database"
  const configured = typeof options.secret === "string" ? [options.secret] : options.secret
  const secret = await resolveSecret({
    secret: configured?.[0],
    dataDir,
    production: options.production ?? false,
  })
  if (secret.source === "created") {
    log(`Created a development AUTH_SECRET in ${secret.path}; set AUTH_SECRET to use your own.`)
  } else if (secret.source === "stored") {
    log(`Using the development AUTH_SECRET from ${secret.path}.`)
  }

  const stack = new CloseStack()
  let app: AppServer | undefined
  // The app first: what it serves needs the rest until its last request is answered.
  const close = async () => {
    await app?.stop()
    await stack.close()
  }
  try {
    // The port first: a port in use is reported at once, before anything else starts.
    const port = options.port ?? DEFAULT_PORT
    const listenOptions = {
      port,
      host: HOST,
      describeListenError: (error: Error) => describeListenError(error, port),
    }
    await checkPortFree(listenOptions)
    const smtp = options.smtpUrl === undefined ? stack.push(await startSmtpServer()) : undefined
    const smtpUrl = options.smtpUrl ?? smtp?.url ?? ""
    let identityProvider = options.identityProvider
    const accessTokenTtl = options.accessTokenTtl ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS
    let idp: Idp | undefined
    if (!identityProvider) {
      idp = stack.push(await startIdentityProvider({ name: "Playground ID", accessTokenTtl }))
      identityProvider = ownClient(idp)
    }
    const database = stack.push(
      await openDatabase({
        databaseUrl: options.databaseUrl,
        schema: options.databaseSchema,
        dataDir,
      }),
    )
    // One client per process (shared by playgrounds started in it), closed when it exits.
    const redis = exampleRedis(options.redisUrl, options.logError ?? console.error)
    const authConfig = createAuthConfig({
      secret: [secret.secret, ...(configured?.slice(1) ?? [])],
      adapter: database.adapter,
      sessionStrategy,
      store: redis && createRedisStore(redis, { prefix: options.redisPrefix ?? "playground:" }),
      identityProvider,
      smtpUrl,
      rateLimitOnStoreFailure: options.rateLimitOnStoreFailure,
    })
    const handler = createApp({
      authConfig,
      smtp,
      home: { demoUser: DEMO_USER, sessionStrategy, storage: database.description },
      issuer: identityProvider.issuer,
      homeScript: await browserScript(),
      logError: options.logError ?? console.error,
    })
    // Answers `503` until the redirect URIs are registered, an instant.
    app = await startServer(listenOptions)
    const listening = app.port
    idp?.setRedirectUris(
      ["localhost", HOST].map(
        (host) => `http://${host}:${listening}/auth/callback/${PLAYGROUND_ID_PROVIDER_ID}`,
      ),
    )
    app.setHandler(handler)
    log(`Sessions: ${sessionStrategy}; storage: ${database.description}.`)
    if (redis) log("Session revocations and rate limits: Redis at REDIS_URL.")
    log(`Playground ID (OpenID provider) at ${identityProvider.issuer}; SMTP server at ${smtpUrl}.`)
    if (idp) {
      log(
        `Playground ID's access tokens last ${accessTokenTtl} s (PLAYGROUND_ID_ACCESS_TOKEN_TTL); the home page's userinfo button shows them refreshed.`,
      )
    }
    return {
      url: `http://localhost:${app.port}`,
      port: app.port,
      issuer: identityProvider.issuer,
      smtpUrl,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** The client of the playground's own identity provider. */
function ownClient(idp: Idp): PlaygroundIdClient {
  const client = idp.clients.client_secret_basic
  return { issuer: idp.issuer, clientId: client.clientId, clientSecret: client.clientSecret ?? "" }
}

/** A listen failure that says which port, and that `PORT` picks another. */
function describeListenError(error: Error, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code
  const other = port === MAX_PORT ? DEFAULT_PORT : port + 1
  const fix = `Stop what is using it, or choose another port with PORT: PORT=${other} pnpm dev (PORT=0 picks a free one).`
  if (code === "EADDRINUSE") {
    return new Error(`Port ${port} on ${HOST} is already in use. ${fix}`, { cause: error })
  }
  if (code === "EACCES") {
    return new Error(`Port ${port} on ${HOST} needs privileges this process lacks. ${fix}`, {
      cause: error,
    })
  }
  return error
}
