/**
 * Session tokens this process decrypted lately, with their claims as JSON. A session cookie
 * stays the same from one request to the next (between re-issues, a day by default), and a
 * middleware reads it on every request: its MAC check and decryption are done once, not on every
 * request. The claims are still parsed and their times checked (`exp`, `nbf`) on every read, so
 * each read gets its own object (a `jwt` callback may change it) and an expired token is refused
 * as before.
 *
 * Only tokens that decrypted and whose claims were valid are held, under the secrets, salt and
 * options they decrypted with: a token that another salt (another cookie) or another list of
 * secrets would not decrypt is never answered from here. The lookup is by the whole token, as
 * the database strategy looks a session up by its whole token. Bounded by the characters held,
 * and holds only those: each token is kept as a copy of its own, not as the slice of the request's
 * `Cookie` header it was read from (see {@link detach}).
 *
 * Only session reads hold tokens ({@link decodeHeld}, the default `jwt.decode` of a config):
 * `decode` and `getToken` of `@auth/core/jwt` hold nothing, which keeps the edge bundle that only
 * checks a token small.
 */
import type { JWT, JWTDecodeParams } from "../../types/jwt.js"
import { type Claims, readClaims } from "./claims.js"
import { detach } from "./detach.js"
import { decode } from "./token.js"

/** The secrets, salt and options a token decrypted with. */
export interface Scope {
  readonly secrets: readonly string[]
  readonly salt: string
  readonly allowA256GCM: boolean
}

interface Entry {
  /** The token, detached from the request it came in: the key the entry is held under. */
  readonly token: string
  readonly scope: Scope
  /** The claims as JSON. */
  readonly json: string
  /** Characters held for the entry: token and JSON. */
  readonly size: number
}

/** At most this many characters of tokens and claims are held (a few MiB). */
export const MAX_HELD_CHARACTERS = 2 ** 21

/** A token and claims longer than this (a session over several cookie chunks) are not held. */
export const MAX_ENTRY_CHARACTERS = 2 ** 15

/** No header claims are compared again: they were when the token decrypted. */
const NO_HEADER = Object.freeze({})

/**
 * `decode` for session tokens: the same parameters, outcomes and errors, with a token that
 * decrypted before read from the claims held for it.
 *
 * @throws What `decode` throws.
 */
export async function decodeHeld<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt, allowA256GCM = false } = params
  if (!token) return null
  const secrets = Array.isArray(secret) ? secret : [secret]
  const claims = await sessionTokens.claimsOf(token, { secrets, salt, allowA256GCM }, () =>
    decode<Claims>(params),
  )
  return claims as Payload | null
}

/**
 * Decrypted tokens, least recently read first, up to {@link MAX_HELD_CHARACTERS} characters of
 * tokens and claims.
 */
export class DecryptedTokens {
  readonly #entries = new Map<string, Entry>()
  #characters = 0

  /**
   * The claims of a token: parsed from the JSON held for it when it decrypted before under the
   * same scope and checked again, else what `decrypt` gives, then held.
   *
   * @throws What `decrypt` and the claims' checks throw: the token is then not held (or no
   *   longer).
   */
  async claimsOf(
    token: string,
    scope: Scope,
    decrypt: () => Promise<Claims | null>,
  ): Promise<Claims | null> {
    const held = this.#recall(token, scope)
    if (held) {
      try {
        return readClaims(() => held.json, NO_HEADER, Math.floor(Date.now() / 1000))
      } catch (error) {
        this.#forget(token)
        throw error
      }
    }
    const claims = await decrypt()
    // A non-string token (a caller's mistake) is never held, nor one too long to be.
    if (claims && typeof token === "string" && token.length < MAX_ENTRY_CHARACTERS) {
      const json = JSON.stringify(claims)
      // A copy: a list the caller changes later (a secret retired) must not widen the scope.
      const kept = { ...scope, secrets: [...scope.secrets] }
      const size = token.length + json.length
      this.#remember({ token: detach(token), scope: kept, json, size })
    }
    return claims
  }

  /** How many tokens are held, and their characters. */
  get held(): { count: number; characters: number } {
    return { count: this.#entries.size, characters: this.#characters }
  }

  #recall(token: string, scope: Scope): Entry | undefined {
    const entry = this.#entries.get(token)
    if (entry === undefined || !sameScope(entry.scope, scope)) return undefined
    // Under the entry's own copy: the token read is a slice of this request's header.
    this.#entries.delete(token)
    this.#entries.set(entry.token, entry)
    return entry
  }

  #remember(entry: Entry): void {
    if (entry.size > MAX_ENTRY_CHARACTERS) return
    this.#forget(entry.token)
    this.#entries.set(entry.token, entry)
    this.#characters += entry.size
    for (const [oldest, { size }] of this.#entries) {
      if (this.#characters <= MAX_HELD_CHARACTERS) break
      this.#entries.delete(oldest)
      this.#characters -= size
    }
  }

  #forget(token: string): void {
    const entry = this.#entries.get(token)
    if (!entry) return
    this.#entries.delete(token)
    this.#characters -= entry.size
  }
}

function sameScope(a: Scope, b: Scope): boolean {
  if (a.salt !== b.salt || a.allowA256GCM !== b.allowA256GCM) return false
  if (a.secrets.length !== b.secrets.length) return false
  return a.secrets.every((secret, i) => secret === b.secrets[i])
}

/** The session tokens this process decrypted lately. */
const sessionTokens = new DecryptedTokens()
