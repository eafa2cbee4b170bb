/**
 * The Redis store's revocation cache (`createRedisStore(client, { revocationCache: true })`): this
 * process keeps the deny-list entries it read (revoked session ids and "signed out everywhere"
 * stamps, present or absent), so that a JWT session read costs no round trip. Every write of
 * such an entry publishes its key on the store's channel (whether or not the writer caches), and
 * a subscriber connection of this process drops the key on each message.
 *
 * The cache is used only while that subscription is known to work. It publishes a heartbeat of
 * its own every second, and is used while the last one its subscriber heard was sent less than
 * {@link STALE_AFTER_MS} ago (messages arrive in the order Redis took them, so every message
 * published before that heartbeat has arrived) and the connection reports no trouble. Otherwise
 * it is emptied, reads go to Redis, and the next heartbeat heard starts it again, empty.
 *
 * A read is kept only if no message arrived while it was in flight, so that an answer read
 * before a write cannot outlive the write's message. An absent entry is kept until a write is
 * announced; a present one for at most {@link PRESENT_FOR_MS}, as Redis drops it when its time to
 * live ends without a message.
 */
import { isDenyListKey } from "./deny-list-keys.js"
import { isClientReady } from "./redis-replies.js"

/** At most this many keys are cached by default; the oldest go first. */
export const REVOCATION_CACHE_MAX_ENTRIES = 100_000

/** How long a present entry is kept, in milliseconds. */
export const PRESENT_FOR_MS = 60_000

/** How often the cache publishes a heartbeat of its own, in milliseconds. */
const HEARTBEAT_MS = 1000
/**
 * How long after the last heartbeat heard was sent the cache is still used, in milliseconds: a
 * connection that stalls without closing (a partition) stops the cache within this time.
 */
export const STALE_AFTER_MS = 2500
/** Heartbeats remembered while unheard; older ones no longer count when they arrive. */
const MAX_UNHEARD = 8

/** A heartbeat, which proves the subscription works (followed by a nonce). */
const HELLO = "hello:"
/** The message that drops a key (followed by the key, without the store's prefix). */
const INVALIDATE = "key:"

/** What the store asks of its cache. */
export interface RevocationCache {
  /** The cached values of `keys`, or `undefined` unless all are cached and the cache is live. */
  lookup(keys: readonly string[]): (string | null)[] | undefined
  /** Taken before a read is sent: the cache's state then, for {@link RevocationCache.remember}. */
  ticket(): number
  /** Keeps what a read found, unless a message arrived since its ticket was taken. */
  remember(ticket: number, keys: readonly string[], values: readonly (string | null)[]): void
  /** Drops `key` before this process writes it. */
  forget(key: string): void
  /** Closes the subscriber connection; reads go to Redis from then on. */
  close(): Promise<void>
}

/** The subscriber connection's events and commands, on node-redis or ioredis. */
interface Subscriber {
  on(event: string, listener: (...args: unknown[]) => void): unknown
  subscribe(channel: string, listener?: (message: string) => void): Promise<unknown>
  connect?(): Promise<unknown>
  destroy?(): unknown
  disconnect?(): unknown
}

/** A client that can open a second connection like its own (`duplicate`, in both libraries). */
interface Duplicable {
  duplicate(overrides?: Record<string, unknown>): unknown
}

/** The connection's name in `CLIENT LIST`. */
const CONNECTION_NAME = "authjs-revocation-cache"

/**
 * Opens the subscriber connection on `client` (its `duplicate()`) and gives the cache.
 *
 * @param publish sends a message on `channel` through the store's own connection
 * @throws {TypeError} when the client cannot open a second connection
 */
export function createRevocationCache(
  client: unknown,
  kind: "node-redis" | "ioredis",
  channel: string,
  publish: (message: string) => Promise<unknown>,
  maxEntries: number,
): RevocationCache {
  if (typeof (client as Partial<Duplicable> | null)?.duplicate !== "function") {
    throw new TypeError(
      "createRedisStore's `revocationCache` needs a client with `duplicate()` (node-redis or ioredis) for its subscriber connection.",
    )
  }
  /** Each key's value, and until when it may be used (milliseconds since the epoch). */
  const entries = new Map<string, { value: string | null; until: number }>()
  /** The heartbeats sent and not yet heard: nonce, and when it was sent. */
  const unheard = new Map<string, number>()
  let generation = 0
  let live = false
  let closed = false
  /** When the last heartbeat heard was sent: every message published before it has arrived. */
  let heardUpTo = 0
  let heartbeat: ReturnType<typeof setInterval> | undefined

  const stopHeartbeat = () => {
    if (heartbeat !== undefined) clearInterval(heartbeat)
    heartbeat = undefined
  }
  const drop = () => {
    live = false
    entries.clear()
    generation += 1
  }
  const beat = () => {
    const nonce = crypto.randomUUID()
    unheard.set(nonce, Date.now())
    if (unheard.size > MAX_UNHEARD) unheard.delete(unheard.keys().next().value!)
    publish(HELLO + nonce).catch(() => {})
  }
  const onMessage = (message: unknown) => {
    const text = String(message)
    if (text.startsWith(INVALIDATE)) {
      entries.delete(text.slice(INVALIDATE.length))
      generation += 1
      return
    }
    const sentAt = text.startsWith(HELLO) ? unheard.get(text.slice(HELLO.length)) : undefined
    if (sentAt === undefined || closed) return
    unheard.delete(text.slice(HELLO.length))
    heardUpTo = Math.max(heardUpTo, sentAt)
    if (!live) {
      // Messages may have been missed before: start empty.
      entries.clear()
      generation += 1
      live = true
    }
  }

  const duplicable = client as Duplicable
  const subscriber = (
    kind === "node-redis"
      ? duplicable.duplicate({ name: CONNECTION_NAME, clientSideCache: undefined })
      : duplicable.duplicate({ connectionName: CONNECTION_NAME, lazyConnect: true })
  ) as Subscriber
  const trouble = () => {
    drop()
    stopHeartbeat()
  }
  for (const event of ["error", "end", "close", "reconnecting"]) subscriber.on(event, trouble)
  subscriber.on("ready", () => {
    if (closed) return
    trouble()
    const subscribed =
      kind === "node-redis"
        ? subscriber.subscribe(channel, onMessage)
        : subscriber.subscribe(channel)
    subscribed.then(
      () => {
        if (closed || heartbeat !== undefined) return
        beat()
        heartbeat = setInterval(beat, HEARTBEAT_MS)
        ;(heartbeat as unknown as { unref?: () => void }).unref?.()
      },
      () => drop(),
    )
  })
  if (kind === "ioredis") subscriber.on("message", (_channel, message) => onMessage(message))
  ;(subscriber.connect?.() ?? Promise.resolve()).catch(() => drop())

  return {
    lookup(keys) {
      if (!live) return undefined
      const now = Date.now()
      // The subscriber must still say it is connected, and have heard a recent heartbeat.
      if (isClientReady(subscriber) === false || now - heardUpTo > STALE_AFTER_MS) {
        drop()
        return undefined
      }
      const values: (string | null)[] = []
      for (const key of keys) {
        const entry = entries.get(key)
        if (entry === undefined || entry.until <= now) return undefined
        values.push(entry.value)
      }
      return values
    },
    ticket() {
      return live ? generation : -1
    },
    remember(ticket, keys, values) {
      if (ticket !== generation || !live) return
      const presentUntil = Date.now() + PRESENT_FOR_MS
      for (const [index, key] of keys.entries()) {
        if (!isDenyListKey(key)) continue
        const value = values[index] ?? null
        entries.delete(key)
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
        entries.set(key, { value, until: value === null ? Number.POSITIVE_INFINITY : presentUntil })
      }
    },
    forget(key) {
      entries.delete(key)
      generation += 1
    },
    async close() {
      if (closed) return
      closed = true
      trouble()
      try {
        // node-redis v5 has `destroy`; v4 and ioredis `disconnect`.
        if (subscriber.destroy) subscriber.destroy()
        else await subscriber.disconnect?.()
      } catch {
        // Already closed: nothing is left to let go.
      }
    },
  }
}

/** The message a write of `key` publishes on the store's channel. */
export function invalidation(key: string): string {
  return INVALIDATE + key
}
