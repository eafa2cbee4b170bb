// One instance of an app for the two-process access-token test: core's and this adapter's
// builds, database sessions in PostgreSQL (DATABASE_URL, tables in SCHEMA), the session store (the
// refresh lock) in Redis (REDIS_URL, under PREFIX); the calls as core's
// test/support/access-token-calls.mjs says.
import { createRedisStore } from "@auth/core/redis"
import pg from "pg"
import { createClient } from "redis"
import {
  answerAccessTokenCalls,
  instanceConfig,
} from "../../core/test/support/access-token-calls.mjs"
import { PostgresAdapter } from "../dist/index.js"

const redis = await createClient({ url: process.env.REDIS_URL }).connect()
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 5 })
const config = instanceConfig(
  { strategy: "database", store: createRedisStore(redis, { prefix: process.env.PREFIX }) },
  PostgresAdapter(pool, { schema: process.env.SCHEMA }),
)
answerAccessTokenCalls(config, () => Promise.allSettled([redis.close(), pool.end()]))
