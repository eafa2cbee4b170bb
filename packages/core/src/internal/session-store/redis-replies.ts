/**
 * What the Redis store (`@auth/core/redis`) needs besides its commands: a time limit on every
 * call, telling an outage (a `503` until Redis is back) from any other error, and reading the
 * clients' replies, whichever client and protocol version gave them.
 */
import type { RateLimitCount, RateLimitStep } from "../../types/rate-limit.js"
import { DatabaseUnavailableError } from "../database-unavailable.js"
import { withTimeLimit } from "../time-limit.js"

/**
 * Runs commands, each given up after `timeoutMs` (core's `withTimeLimit`: one timer for every
 * call in flight, so a read from a client's own cache costs next to nothing more). While
 * `connectionLost()` says the client has lost a connection it had, calls fail at once.
 *
 * @returns `send(command)`, which throws `DatabaseUnavailableError` when Redis does not answer in
 *   time or cannot be reached, and any other error as the client gave it
 */
export function redisTimeLimit(
  timeoutMs: number,
  connectionLost: () => boolean = () => false,
): <T>(command: () => Promise<T>) => Promise<T> {
  const limit = withTimeLimit(timeoutMs, {
    late: () =>
      unavailable(new Error(`Redis did not answer within ${timeoutMs} ms (the store's timeoutMs)`)),
    mapError(error) {
      const reason = error ?? new Error("Redis rejected a call without a reason.")
      return isConnectionError(reason) ? unavailable(reason) : reason
    },
  })
  return <T>(command: () => Promise<T>): Promise<T> =>
    // Queued, the command would wait out `timeoutMs`, then run late, after its request was
    // answered (a rate-limit hit counted after the fact).
    connectionLost()
      ? Promise.reject(unavailable(new Error("the client lost its connection and is reconnecting")))
      : limit(command)
}

/**
 * Whether a client says it is connected and ready for commands: node-redis's `isReady`, ioredis's
 * `status`; `undefined` for a client that says neither.
 */
export function isClientReady(client: unknown): boolean | undefined {
  const state = client as { isReady?: unknown; status?: unknown } | null
  if (typeof state?.isReady === "boolean") return state.isReady
  if (typeof state?.status === "string") return state.status === "ready"
  return undefined
}

/** The error a call throws when Redis is out of reach, with the client's error as its cause. */
function unavailable(cause: unknown): DatabaseUnavailableError {
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new DatabaseUnavailableError(cause, {
    message:
      `Redis is unavailable (${reason}). Requests that need it are answered with 503 until ` +
      "it is back; nothing needs a restart.",
  })
}

/** Socket error codes (Node's, Deno's and Bun's alike) of a connection that failed or broke. */
const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
])

/**
 * How the clients say they are not connected: node-redis's `ClientClosedError` ("The client is
 * closed"), `ClientOfflineError`, `SocketClosedUnexpectedlyError`, `ConnectionTimeoutError`,
 * `DisconnectsClientError`; ioredis's "Connection is closed.", its offline queue turned off, and
 * `MaxRetriesPerRequestError`. Matched by message, which both clients keep stable, because
 * node-redis's errors carry no `name` or `code`.
 */
const CLIENT_DISCONNECTED_MESSAGES = [
  "The client is closed",
  "The client is offline",
  "Socket closed unexpectedly",
  "Connection timeout",
  "Disconnects client",
  "Connection is closed.",
  "Stream isn't writeable",
  "Reached the max retries per request limit",
]

/**
 * Error replies of a server that cannot serve right now but will: loading its data set after a
 * restart, a replica that lost its primary, a cluster slot moving or down, a script running long.
 * @see https://redis.io/docs/latest/develop/reference/protocol-spec/#simple-errors
 */
const RETRYABLE_REPLY = /^(LOADING|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|BUSY) /

/** How deep the causes of an error are followed (a cycle must not loop). */
const MAX_CAUSE_DEPTH = 5

/**
 * Whether `error` says Redis cannot be reached now (a later call may succeed), looking through
 * its causes: `cause`, node-redis's `originalError` and `socketError`, and an `AggregateError`'s
 * `errors` (a connection refused on every address of a host).
 */
function isConnectionError(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > MAX_CAUSE_DEPTH) return false
  const { code, message, cause, originalError, socketError, errors } = error as Record<
    string,
    unknown
  >
  if (typeof code === "string" && NETWORK_ERROR_CODES.has(code)) return true
  if (typeof message === "string" && saysDisconnected(message)) return true
  const causes = [cause, originalError, socketError, ...(Array.isArray(errors) ? errors : [])]
  return causes.some((next) => isConnectionError(next, depth + 1))
}

/** Whether an error's message is one of a client that is not connected, or a retryable reply. */
function saysDisconnected(message: string): boolean {
  return (
    CLIENT_DISCONNECTED_MESSAGES.some((start) => message.startsWith(start)) ||
    RETRYABLE_REPLY.test(message)
  )
}

/** A reply as text: a string as it is, bytes (a client set to return buffers) decoded. */
function textOf(reply: unknown): string | null {
  if (typeof reply === "string") return reply
  if (reply instanceof Uint8Array) return new TextDecoder().decode(reply)
  return null
}

/** The reply to `MGET` of `count` keys: one value or `null` per key. */
export function parseValues(reply: unknown, count: number): (string | null)[] {
  if (!Array.isArray(reply) || reply.length !== count) throw unexpectedReply("MGET", reply)
  return reply.map(textOf)
}

/** The reply to `HGETALL`: an object, or a `Map` (node-redis speaking RESP3). */
export function parseFields(reply: unknown): Record<string, string> {
  const entries =
    reply instanceof Map
      ? [...reply]
      : typeof reply === "object" && reply !== null
        ? Object.entries(reply)
        : null
  if (entries === null) throw unexpectedReply("HGETALL", reply)
  // `fromEntries` defines each field, so that one named `__proto__` stays a field.
  return Object.fromEntries(
    entries.map(([field, value]) => {
      const name = textOf(field)
      const text = textOf(value)
      if (name === null || text === null) throw unexpectedReply("HGETALL", reply)
      return [name, text]
    }),
  )
}

/** The reply of {@link HIT_SCRIPT}: the count and the milliseconds left in the window. */
export function parseHit(reply: unknown, now: number): RateLimitCount {
  const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : []
  if (!Number.isInteger(count) || !Number.isInteger(ttl)) throw unexpectedReply("EVAL", reply)
  return { count: count!, resetAt: now + ttl! }
}

/**
 * The reply of the store's script for `RateLimitStore.run`: a count and the milliseconds left per
 * step run, flat; a peek at a key with no count gives `null`.
 */
export function parseSteps(
  reply: unknown,
  steps: readonly RateLimitStep[],
  now: number,
): Array<RateLimitCount | null> {
  const numbers = Array.isArray(reply) ? reply.map(Number) : []
  const run = numbers.length / 2
  if (!Array.isArray(reply) || !Number.isInteger(run) || run > steps.length || run < 1) {
    throw unexpectedReply("EVAL", reply)
  }
  if (!numbers.every(Number.isInteger)) throw unexpectedReply("EVAL", reply)
  return Array.from({ length: run }, (_, index) => {
    const count = numbers[index * 2]!
    const ttl = numbers[index * 2 + 1]!
    if (steps[index]!.type === "peek" && (count === 0 || ttl <= 0)) return null
    return { count, resetAt: now + ttl }
  })
}

/** The error for a reply the store cannot read: a client configured to transform replies. */
export function unexpectedReply(command: string, reply: unknown): TypeError {
  return new TypeError(
    `Redis answered ${command} with ${describeReply(reply)}, which the session store cannot ` +
      "read; pass a client with its default reply types.",
  )
}

/** A short description of a reply, for an error message (never its content: keys may be secret). */
function describeReply(reply: unknown): string {
  if (Array.isArray(reply)) return `an array of ${reply.length}`
  return reply === null ? "null" : `a value of type ${typeof reply}`
}
