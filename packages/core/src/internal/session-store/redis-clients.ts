/**
 * The Redis clients the store (`@auth/core/redis`) accepts, node-redis and ioredis, told apart by
 * shape, and the store's commands on either: the same calls whichever client carries them.
 */
import { preferEvalSha } from "./redis-eval.js"

/**
 * The commands of a node-redis client (`createClient()` of `redis` v4 or v5) that the store
 * sends. A structural type: any object with these methods will do.
 */
export interface NodeRedisClient {
  /** @see https://redis.io/docs/latest/commands/mget/ */
  mGet(keys: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/set/ */
  set(key: string, value: string, options: { EX: number }): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hgetall/ */
  hGetAll(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hdel/ */
  hDel(key: string, fields: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/del/ */
  del(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/eval/ */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  /**
   * Used, when the client has it, for every call of a script after its first.
   *
   * @see https://redis.io/docs/latest/commands/evalsha/
   */
  evalSha?(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
}

/**
 * The commands of an ioredis client (`new Redis()` of `ioredis` v5) that the store sends. A
 * structural type: any object with these methods will do.
 */
export interface IORedisClient {
  /** @see https://redis.io/docs/latest/commands/mget/ */
  mget(keys: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/set/ */
  set(key: string, value: string, expiry: "EX", seconds: number): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hgetall/ */
  hgetall(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hdel/ */
  hdel(key: string, ...fields: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/del/ */
  del(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/eval/ */
  eval(script: string, numberOfKeys: number, ...keysAndArguments: string[]): Promise<unknown>
  /**
   * Used, when the client has it, for every call of a script after its first.
   *
   * @see https://redis.io/docs/latest/commands/evalsha/
   */
  evalsha?(sha1: string, numberOfKeys: number, ...keysAndArguments: string[]): Promise<unknown>
}

/** A Redis client the store can use: node-redis (v4, v5) or ioredis, told apart by shape. */
export type RedisClient = NodeRedisClient | IORedisClient

/** The commands the store sends, whichever client carries them; replies as the client gives. */
export interface RedisCommands {
  mget(keys: string[]): Promise<unknown>
  setWithExpiry(key: string, value: string, seconds: number): Promise<unknown>
  hgetall(key: string): Promise<unknown>
  hdel(key: string, fields: string[]): Promise<unknown>
  del(key: string): Promise<unknown>
  eval(script: string, keys: string[], args: string[]): Promise<unknown>
}

/** The client's commands, told apart by shape: node-redis names them in camelCase. */
export function commandsOf(client: RedisClient): RedisCommands {
  if (isNodeRedis(client)) {
    return {
      mget: (keys) => client.mGet(keys),
      setWithExpiry: (key, value, seconds) => client.set(key, value, { EX: seconds }),
      hgetall: (key) => client.hGetAll(key),
      hdel: (key, fields) => client.hDel(key, fields),
      del: (key) => client.del(key),
      eval: preferEvalSha(
        (script, keys, args) => client.eval(script, { keys, arguments: args }),
        client.evalSha && ((sha, keys, args) => client.evalSha!(sha, { keys, arguments: args })),
      ),
    }
  }
  if (isIORedis(client)) {
    return {
      mget: (keys) => client.mget(keys),
      setWithExpiry: (key, value, seconds) => client.set(key, value, "EX", seconds),
      hgetall: (key) => client.hgetall(key),
      hdel: (key, fields) => client.hdel(key, ...fields),
      del: (key) => client.del(key),
      eval: preferEvalSha(
        (script, keys, args) => client.eval(script, keys.length, ...keys, ...args),
        client.evalsha &&
          ((sha, keys, args) => client.evalsha!(sha, keys.length, ...keys, ...args)),
      ),
    }
  }
  throw new TypeError(
    "createRedisStore needs a Redis client: one from `createClient()` of `redis` (v4 or v5) " +
      "or `new Redis()` of `ioredis`.",
  )
}

/** Whether `client` looks like node-redis: `mGet` and `hGetAll`, in camelCase. */
export function isNodeRedis(client: unknown): client is NodeRedisClient {
  const candidate = client as Partial<Record<keyof NodeRedisClient, unknown>> | null
  return typeof candidate?.mGet === "function" && typeof candidate.hGetAll === "function"
}

/** Whether `client` looks like ioredis: `mget` and `hgetall`, in lowercase. */
function isIORedis(client: unknown): client is IORedisClient {
  const candidate = client as Partial<Record<keyof IORedisClient, unknown>> | null
  return typeof candidate?.mget === "function" && typeof candidate.hgetall === "function"
}
