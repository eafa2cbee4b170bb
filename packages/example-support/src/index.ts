/**
 * `@auth/example-support`: what an example app imports in its server code besides its auth
 * config, which it writes itself. The database connection (PostgreSQL or embedded PGlite), the
 * Redis client (`REDIS_URL`), the mailbox, the demo user's lookup. Node-only servers are in
 * `@auth/example-support/servers`, the test launcher in `/launch`; browser code imports
 * `/demo-user` and `/account-view`. `callUserinfo` is the server side of the home pages'
 * "Call the provider's userinfo" button.
 *
 * @module @auth/example-support
 */
export {
  closeExampleDatabases,
  type ExampleDatabase,
  type ExampleDatabaseConnectOptions,
  type ExampleDatabaseOptions,
  exampleDatabase,
  openExampleDatabase,
} from "./database.js"
export { DEMO_USER, type DemoUser, findDemoUser } from "./demo-user.js"
export {
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_DATA_DIR,
  type Env,
  EXAMPLE_ENV,
  PLAYGROUND_ID_PROVIDER_ID,
  parseAccessTokenTtl,
  parsePort,
  parseSessionStrategy,
  type SessionStrategy,
} from "./env.js"
export { type MailboxMessage, readMailbox, toMailboxMessage } from "./mailbox.js"
export {
  closeExampleRedis,
  type ExampleRedisClient,
  exampleRedis,
  type RedisErrorLog,
} from "./redis.js"
export {
  type AccessTokenLike,
  callUserinfo,
  type UserinfoAnswer,
  type UserinfoErrorCode,
  type UserinfoReply,
} from "./userinfo.js"
