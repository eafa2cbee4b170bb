/**
 * Everything an example app needs around it, started in-process: the development secret, the
 * SMTP server, the "Playground ID" OpenID provider and the mailbox, all on loopback, and the
 * app's port with the provider's redirect URIs registered for it. The launcher runs this; tests
 * can too, and start the app themselves with the returned `env`.
 */
import { createServer } from "node:net"
import { resolve } from "node:path"
import {
  type Idp,
  startIdentityProvider,
  startSmtpServer,
  type TestSmtpServer,
} from "@auth/dev-servers"
import { CloseStack } from "./close-stack.js"
import {
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_DATA_DIR,
  EXAMPLE_ENV,
  PLAYGROUND_ID_PROVIDER_ID,
} from "./env.js"
import { serveMailbox } from "./mailbox-server.js"
import { type ResolvedSecret, resolveSecret } from "./secret.js"

export { type Closable, CloseStack } from "./close-stack.js"
export {
  MissingSecretError,
  type ResolvedSecret,
  resolveSecret,
  type SecretSource,
} from "./secret.js"

/** The app's port when `PORT` is not set. */
export const DEFAULT_PORT = 3000

/** The app listens here unless `HOST` says otherwise. */
export const DEFAULT_HOST = "127.0.0.1"

/** Options of {@link startExampleServers}. */
export interface ExampleServersOptions {
  /** Where the app serves the auth endpoints: the redirect URIs end in `<basePath>/callback/playground-id`. */
  basePath: string
  /**
   * The app's port; `0` picks a free one.
   * @default 3000
   */
  port?: number
  /** @default "127.0.0.1" */
  host?: string
  /** @default ".example-data" (in the working directory) */
  dataDir?: string
  /** `AUTH_SECRET`; without it a development secret is made in `dataDir` (never in production). */
  secret?: string
  /** @default false */
  production?: boolean
  /**
   * Seconds the identity provider's access tokens are valid (`PLAYGROUND_ID_ACCESS_TOKEN_TTL`).
   * @default 120 ({@link DEFAULT_ACCESS_TOKEN_TTL_SECONDS})
   */
  accessTokenTtl?: number
}

/** The running servers, and the environment to start the app with. */
export interface ExampleServers {
  /**
   * The variables of the README's table (not `DATABASE_URL`, `AUTH_SESSION_STRATEGY`,
   * `REDIS_URL`: those are the caller's).
   */
  env: Record<string, string>
  port: number
  /** `http://localhost:<port>` */
  url: string
  secret: ResolvedSecret
  idp: Idp
  /** Seconds the identity provider's access tokens are valid. */
  accessTokenTtl: number
  smtp: TestSmtpServer
  mailboxUrl: string
  /** Stops every server; safe to call more than once. */
  close(): Promise<void>
}

/**
 * Resolves the secret, picks the port and starts the servers.
 *
 * @throws {MissingSecretError} in production without a secret (nothing is started)
 * @example
 * const servers = await startExampleServers({ basePath: "/auth", port: 0, dataDir })
 * spawn("node", ["build"], { env: { ...process.env, ...servers.env } })
 * await servers.close()
 */
export async function startExampleServers(options: ExampleServersOptions): Promise<ExampleServers> {
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR)
  const secret = await resolveSecret({
    secret: options.secret,
    dataDir,
    production: options.production ?? false,
  })
  const host = options.host ?? DEFAULT_HOST
  const stack = new CloseStack()
  try {
    const port = options.port === 0 ? await freePort(host) : (options.port ?? DEFAULT_PORT)
    const smtp = stack.push(await startSmtpServer())
    const accessTokenTtl = options.accessTokenTtl ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS
    const idp = stack.push(await startIdentityProvider({ name: "Playground ID", accessTokenTtl }))
    const mailbox = stack.push(await serveMailbox(smtp))
    idp.setRedirectUris(
      ["localhost", "127.0.0.1"].map(
        (name) => `http://${name}:${port}${options.basePath}/callback/${PLAYGROUND_ID_PROVIDER_ID}`,
      ),
    )
    const client = idp.clients.client_secret_basic
    return {
      env: {
        [EXAMPLE_ENV.port]: String(port),
        [EXAMPLE_ENV.host]: host,
        [EXAMPLE_ENV.secret]: secret.secret,
        [EXAMPLE_ENV.issuer]: idp.issuer,
        [EXAMPLE_ENV.clientId]: client.clientId,
        [EXAMPLE_ENV.clientSecret]: client.clientSecret ?? "",
        [EXAMPLE_ENV.emailServer]: smtp.url,
        [EXAMPLE_ENV.mailboxUrl]: mailbox.url,
        [EXAMPLE_ENV.dataDir]: dataDir,
        [EXAMPLE_ENV.basePath]: options.basePath,
        [EXAMPLE_ENV.openDatabase]: "1",
      },
      port,
      url: `http://localhost:${port}`,
      secret,
      idp,
      accessTokenTtl,
      smtp,
      mailboxUrl: mailbox.url,
      close: () => stack.close(),
    }
  } catch (error) {
    await stack.close()
    throw error
  }
}

/** A port that was free on `host` a moment ago (the app binds it right after). */
function freePort(host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() =>
        typeof address === "object" && address
          ? resolvePort(address.port)
          : reject(new Error("No port.")),
      )
    })
  })
}
