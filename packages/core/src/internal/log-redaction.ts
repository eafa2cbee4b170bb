/**
 * What core's log lines may carry: never a token, a secret or a code, at any level. Debug
 * metadata passes through {@link redactSecrets} before any logger (built-in or custom) sees it.
 *
 * Auth.js logs adapter arguments as they are with `debug: true`: raw database session tokens,
 * OAuth access and refresh tokens, stored verification-token hashes.
 */

/** What stands in for a removed value. */
export const REDACTED = "[redacted]"

/**
 * Member and query-parameter names whose values are credentials: session, CSRF, OAuth and
 * verification tokens (`sessionToken`, `access_token`, `id_token`, `token`), secrets,
 * passwords, authorization codes and PKCE verifiers, `state` and `nonce`, API keys, client
 * assertions, cookies and `Authorization` headers.
 */
const SECRET_NAME =
  /token|secret|passw|passphrase|^code$|code_?verifier|^otp$|nonce|^state$|session_state|api_?key|assertion|authorization|cookie|credentials$|^except$/i

/** Adapter methods whose string arguments are raw session tokens. */
const TOKEN_ARGUMENT_METHODS: ReadonlySet<string> = new Set(["getSessionAndUser", "deleteSession"])

/** Nesting beyond this is summarized, so a deep or cyclic value cannot blow up a log call. */
const MAX_DEPTH = 6

/** Whether a member or parameter name holds a credential. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name)
}

/**
 * A copy of a log value with every credential replaced by {@link REDACTED}: members with a
 * secret name (at any depth), and secret query and fragment parameters of URLs (an e-mail
 * link's `token`, a callback's `code` and `state`). Errors become their name, message and code
 * (their own members, such as `jose`'s decrypted `payload`, are dropped).
 *
 * @example
 * redactSecrets({ sessionToken: "abc", userId: "1" }) // { sessionToken: "[redacted]", userId: "1" }
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactUrl(value)
  if (value === null || typeof value !== "object") return value
  if (depth >= MAX_DEPTH) return "[…]"
  if (value instanceof Date) return value
  if (value instanceof Error) {
    const { code } = value as { code?: unknown }
    return {
      name: value.name,
      message: redactUrl(value.message),
      ...(code === undefined ? {} : { code }),
    }
  }
  if (value instanceof URL) return redactUrl(value.href)
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1))
  if (value instanceof Headers || value instanceof Map) {
    return redactSecrets(Object.fromEntries(value), depth)
  }
  const copy: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(value)) {
    copy[name] = isSecretName(name) ? REDACTED : redactSecrets(member, depth + 1)
  }
  return copy
}

/**
 * An error as it may be logged: the same error when nothing in it (its own members, its cause
 * chain, the objects those hold) is a credential; otherwise a copy of the same class, message
 * and stack whose credential members (an OAuth token response kept as a cause, submitted
 * `credentials`) are replaced by {@link REDACTED}. `code` on an error is its error code, kept.
 *
 * @example
 * scrubError(new Error("token response", { cause: { access_token: "…" } })).cause
 * // { access_token: "[redacted]" }
 */
export function scrubError<E extends Error>(error: E): E {
  return scrubMembers(error, 0) as E
}

function scrubMembers(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactUrl(value)
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return value
  if (value instanceof Date || value instanceof URL || value instanceof Headers) {
    return value instanceof Headers ? redactSecrets(value) : value
  }
  const isError = value instanceof Error
  const replaced = new Map<string | symbol, unknown>()
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)
    if (!descriptor || !("value" in descriptor)) continue
    // An error's message and stack are its own words (never rewritten); its `code` is a type.
    if (isError && (key === "message" || key === "stack" || key === "code")) continue
    const member: unknown = descriptor.value
    const secret =
      typeof key === "string" && isSecretName(key) && member !== undefined && member !== null
    const next = secret ? REDACTED : scrubMembers(member, depth + 1)
    if (next !== member) replaced.set(key, next)
  }
  if (replaced.size === 0) return value
  const copy: object = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value))
  Object.defineProperties(copy, Object.getOwnPropertyDescriptors(value))
  // V8 serves `stack` through an accessor tied to the original object: copy its text.
  if (isError)
    Object.defineProperty(copy, "stack", { value: value.stack, writable: true, configurable: true })
  for (const [key, next] of replaced) {
    Object.defineProperty(copy, key, {
      ...Object.getOwnPropertyDescriptor(value, key),
      value: next,
    })
  }
  return copy
}

/**
 * The arguments of an adapter call, for its debug line: redacted, and the raw session token
 * that `getSessionAndUser` and `deleteSession` take removed.
 */
export function redactAdapterArgs(method: string, args: readonly unknown[]): unknown[] {
  if (TOKEN_ARGUMENT_METHODS.has(method)) {
    return args.map((arg) => (typeof arg === "string" ? REDACTED : redactSecrets(arg)))
  }
  return args.map((arg) => redactSecrets(arg))
}

/** A URL's secret query and fragment parameters replaced; any other string as it is. */
function redactUrl(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || !/[?#]/.test(text)) return text
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return text
  }
  let changed = redactParams(url.searchParams)
  if (url.hash.length > 1) {
    const fragment = new URLSearchParams(url.hash.slice(1))
    if (redactParams(fragment)) {
      url.hash = fragment.toString()
      changed = true
    }
  }
  return changed ? url.href : text
}

/** Replaces secret parameters in place; tells whether any was. */
function redactParams(params: URLSearchParams): boolean {
  let changed = false
  for (const name of new Set(params.keys())) {
    if (isSecretName(name)) {
      params.set(name, REDACTED)
      changed = true
    }
  }
  return changed
}
