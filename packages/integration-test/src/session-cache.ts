/**
 * What the integrations' session-cache tests share: a memory adapter that counts the database
 * session reads reaching it, and the part of a config that caches database sessions in a cookie
 * (`session.cookieCache`) with a stored user who signs in with a password.
 */
import type { Adapter, AdapterUser } from "@auth/core/adapters"
import { MemoryAdapter } from "@auth/core/memory-adapter"
import Credentials from "@auth/core/providers/credentials"
import type { AuthConfig } from "@auth/core/types"

/** The session cache cookie's name on http. */
export const SESSION_CACHE_COOKIE = "authjs.session-cache"
/** Seconds the cache is used: `session.cookieCache.maxAge` of {@link cachedSessionsConfig}. */
export const SESSION_CACHE_MAX_AGE_SECONDS = 300
/** The password the stored user of {@link cachedSessionsConfig} signs in with. */
export const SESSION_CACHE_PASSWORD = "lovelace"

/** A memory adapter, and how many session reads (`getSessionAndUser`) reached it. */
export interface CountingAdapter {
  adapter: Adapter
  reads(): number
}

/** The memory adapter, counting the session reads (`getSessionAndUser`) that reach it. */
export function countingAdapter(): CountingAdapter {
  const inner = MemoryAdapter()
  let reads = 0
  const adapter: Adapter = {
    ...inner,
    getSessionAndUser: (sessionToken) => {
      reads += 1
      return inner.getSessionAndUser!(sessionToken)
    },
  }
  return { adapter, reads: () => reads }
}

/**
 * An adapter with no database behind it, as on an edge runtime: every method of the memory
 * adapter throws, and is counted in `calls`.
 */
export function throwingAdapter(): { adapter: Adapter; calls: string[] } {
  const calls: string[] = []
  const methods = Object.keys(MemoryAdapter()).map((method) => [
    method,
    () => {
      calls.push(method)
      throw new Error("no database on the edge")
    },
  ])
  return { adapter: Object.fromEntries(methods) as Adapter, calls }
}

/** The config part of {@link cachedSessionsConfig}, its stored user and its adapter's reads. */
export interface CachedSessionsConfig {
  /** `adapter`, `providers` and `session`: spread into the integration's own config. */
  config: Required<Pick<AuthConfig, "adapter" | "providers" | "session">>
  user: AdapterUser
  reads(): number
}

/**
 * Database sessions cached for {@link SESSION_CACHE_MAX_AGE_SECONDS} on a counting memory
 * adapter, with a stored user (Ada) whom the credentials provider signs in with the password
 * {@link SESSION_CACHE_PASSWORD}.
 */
export async function cachedSessionsConfig(): Promise<CachedSessionsConfig> {
  const { adapter, reads } = countingAdapter()
  const user = await adapter.createUser!({
    id: crypto.randomUUID(),
    name: "Ada Lovelace",
    email: "ada@example.test",
    emailVerified: null,
  })
  const config = {
    adapter,
    providers: [
      Credentials({
        credentials: { password: {} },
        authorize: ({ password }) => (password === SESSION_CACHE_PASSWORD ? user : null),
      }),
    ],
    session: {
      strategy: "database" as const,
      cookieCache: { maxAge: SESSION_CACHE_MAX_AGE_SECONDS },
    },
  }
  return { config, user, reads }
}
