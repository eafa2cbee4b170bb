import { customFetch } from "../symbols.js"

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Merges `overrides` over `defaults` into a new object: plain objects recursively, everything
 * else (arrays included) replaced, `undefined` ignored. Neither input is mutated. The
 * `customFetch` symbol of `overrides` is used only when `defaults` has none, as in Auth.js:
 * providers that set their own (Apple, Entra ID, TikTok) wrap the one of the user's options.
 */
export function mergeDeep<T extends Record<string, unknown>>(
  defaults: T,
  overrides: Record<string, unknown> | undefined,
): T {
  const result: Record<string, unknown> = { ...defaults }
  if (!overrides) return result as T
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || key === "__proto__" || key === "constructor") continue
    const current = result[key]
    result[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value
  }
  const fetchOverride = (overrides as { [customFetch]?: unknown })[customFetch]
  const fetched = result as { [customFetch]?: unknown }
  if (fetchOverride !== undefined && fetched[customFetch] === undefined) {
    fetched[customFetch] = fetchOverride
  }
  return result as T
}
