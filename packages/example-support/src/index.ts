/**
 * `@auth/example-support`: what an example app imports in its server code. The auth config
 * (three ways to sign in, the database, the session strategy), the mailbox, the demo user.
 * Node-only servers are in `@auth/example-support/servers`, the test launcher in `/launch`.
 *
 * @module @auth/example-support
 */
export {
  closeExampleDatabases,
  createExampleAuthConfig,
  DEFAULT_DATA_DIR,
  type ExampleAuthConfig,
  type ExampleAuthConfigOptions,
  exampleProviders,
  PLAYGROUND_ID_PROVIDER_ID,
} from "./auth-config.js"
export {
  DEFAULT_SCHEMA,
  type ExampleDatabase,
  type ExampleDatabaseOptions,
  openExampleDatabase,
} from "./database.js"
export { DEMO_USER } from "./demo-user.js"
export {
  type Env,
  EXAMPLE_ENV,
  type ExampleEnv,
  parsePort,
  parseSessionStrategy,
  readExampleEnv,
  type SessionStrategy,
} from "./env.js"
export { type MailboxMessage, readMailbox, toMailboxMessage } from "./mailbox.js"
