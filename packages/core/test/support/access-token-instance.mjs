// One instance of an app for the two-process access-token test: core's build, JWT sessions with
// `storeTokens`, the session store in Redis (REDIS_URL, under PREFIX); the calls as
// access-token-calls.mjs says.
import { createRedisStore } from "@auth/core/redis"
import { createClient } from "redis"
import { answerAccessTokenCalls, instanceConfig } from "./access-token-calls.mjs"

const redis = await createClient({ url: process.env.REDIS_URL }).connect()
const store = createRedisStore(redis, { prefix: process.env.PREFIX })
const config = instanceConfig({ strategy: "jwt", storeTokens: true, store })
answerAccessTokenCalls(config, () => redis.close())
