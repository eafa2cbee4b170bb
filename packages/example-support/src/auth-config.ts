/**
 * The auth config every example app spreads into its framework's config: the demo user
 * (credentials), "Playground ID" (the local OpenID provider) and e-mail links (Nodemailer to the
 * local SMTP server), with users and sessions in the database. Read from the launcher's env.
 */
import { resolve } from "node:path"
import type { Adapter } from "@auth/core/adapters"
import type { Provider } from "@auth/core/providers"
import Credentials from "@auth/core/providers/credentials"
import Nodemailer from "@auth/core/providers/nodemailer"
import { type ExampleDatabase, openExampleDatabase } from "./database.js"
import { DEMO_USER } from "./demo-user.js"
import {
  type Env,
  EXAMPLE_ENV,
  type ExampleEnv,
  readExampleEnv,
  type SessionStrategy,
} from "./env.js"

/** The id of the local OpenID provider: its callback is `<basePath>/callback/playground-id`. */
export const PLAYGROUND_ID_PROVIDER_ID = "playground-id"

/** The data folder when `EXAMPLE_DATA_DIR` is not set, relative to the working directory. */
export const DEFAULT_DATA_DIR = ".example-data"

/** The color of the Playground ID button, as in the playground. */
const PLAYGROUND_ID_COLOR = "#0f766e"

/** Options of {@link createExampleAuthConfig}. */
export interface ExampleAuthConfigOptions {
  /** Where the app serves the auth endpoints (`/auth`, `/api/auth`). */
  basePath: string
  /** @default process.env */
  env?: Env
  /** The database schema. @default `EXAMPLE_DB_SCHEMA`, else "examples" */
  schema?: string
}

/** The part of an Auth.js config the examples share; spread it into the framework's config. */
export interface ExampleAuthConfig {
  basePath: string
  providers: Provider[]
  adapter: Adapter
  session: { strategy: SessionStrategy }
}

/** One config per base path, and one database per data folder, for the whole process. */
interface ExampleCache {
  configs: Map<string, ExampleAuthConfig>
  databases: Map<string, ExampleDatabase>
  warned: boolean
}

// On globalThis: dev servers re-evaluate modules on every change, and two PGlite instances on
// one folder would corrupt it.
const CACHE_KEY = Symbol.for("@auth/example-support")

function cache(): ExampleCache {
  const holder = globalThis as { [CACHE_KEY]?: ExampleCache }
  holder[CACHE_KEY] ??= { configs: new Map(), databases: new Map(), warned: false }
  return holder[CACHE_KEY]
}

/**
 * The shared config: `{ basePath, providers, adapter, session }`. Without the launcher's
 * variables (a build importing server code) the Playground ID and e-mail providers are left
 * out, with one warning.
 *
 * @throws {Error} when `AUTH_SESSION_STRATEGY` is neither `jwt` nor `database`
 * @example
 * export const { handle } = SvelteKitAuth({ ...createExampleAuthConfig({ basePath: "/auth" }) })
 */
export function createExampleAuthConfig(options: ExampleAuthConfigOptions): ExampleAuthConfig {
  const env = options.env ?? process.env
  const example = readExampleEnv(env)
  const schema = options.schema ?? example.dbSchema
  const dataDir = resolve(example.dataDir ?? DEFAULT_DATA_DIR)
  const key = JSON.stringify([options.basePath, schema, dataDir, example])
  const shared = cache()
  const cached = shared.configs.get(key)
  if (cached) return cached
  if ((!example.idp || !example.smtpUrl) && !shared.warned) {
    shared.warned = true
    console.warn(
      `[example] ${EXAMPLE_ENV.issuer} or ${EXAMPLE_ENV.smtpUrl} is not set: only the demo user can sign in. Start the app with example-launch (its start script).`,
    )
  }
  const databaseKey = JSON.stringify([example.databaseUrl, dataDir, schema])
  let database = shared.databases.get(databaseKey)
  if (!database) {
    database = openExampleDatabase({ databaseUrl: example.databaseUrl, dataDir, schema })
    shared.databases.set(databaseKey, database)
  }
  const config: ExampleAuthConfig = {
    basePath: options.basePath,
    providers: exampleProviders(example),
    adapter: database.adapter,
    session: { strategy: example.sessionStrategy },
  }
  shared.configs.set(key, config)
  return config
}

/**
 * Closes every database {@link createExampleAuthConfig} opened and forgets the configs: for
 * tests, and for servers that stop without exiting the process.
 */
export async function closeExampleDatabases(): Promise<void> {
  const shared = cache()
  const databases = [...shared.databases.values()]
  shared.databases.clear()
  shared.configs.clear()
  await Promise.all(databases.map((database) => database.close()))
}

/** The demo user, then Playground ID and e-mail links when their servers run. */
export function exampleProviders(
  example: Pick<ExampleEnv, "idp" | "smtpUrl">,
  options: { from?: string } = {},
): Provider[] {
  const providers: Provider[] = [demoUserProvider()]
  if (example.idp) {
    providers.push({
      id: PLAYGROUND_ID_PROVIDER_ID,
      name: "Playground ID",
      type: "oidc",
      issuer: example.idp.issuer,
      clientId: example.idp.clientId,
      clientSecret: example.idp.clientSecret,
      // Ask for the login form every time, so people can switch between usernames.
      authorization: { params: { scope: "openid profile email", prompt: "login" } },
      style: { brandColor: PLAYGROUND_ID_COLOR },
    })
  }
  if (example.smtpUrl) {
    providers.push(
      Nodemailer({
        name: "Email",
        server: example.smtpUrl,
        from: options.from ?? "Auth.js example <example@example.test>",
      }),
    )
  }
  return providers
}

function demoUserProvider(): Provider {
  return Credentials({
    id: "credentials",
    name: "the demo user",
    credentials: {
      email: {
        label: `Email (demo: ${DEMO_USER.email})`,
        type: "email",
        autocomplete: "username",
      },
      password: {
        label: `Password (demo: ${DEMO_USER.password})`,
        type: "password",
        autocomplete: "current-password",
      },
    },
    authorize: ({ email, password }) =>
      email === DEMO_USER.email && password === DEMO_USER.password
        ? { id: DEMO_USER.id, name: DEMO_USER.name, email: DEMO_USER.email }
        : null,
  })
}
