import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { encode as theirEncode } from "authjs-core/jwt"
import { JWEDecryptionFailed, JWTExpired } from "jose/errors"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { outcome } from "../../../test/support/jose-reference.js"
import { decode, encode, type JWTDecodeParams } from "../../jwt.js"
import { parseCookieHeader } from "../cookies/parse.js"
import type { Claims } from "./claims.js"
import {
  DecryptedTokens,
  decodeHeld,
  MAX_ENTRY_CHARACTERS,
  MAX_HELD_CHARACTERS,
  type Scope,
} from "./decrypted-tokens.js"

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0)
const nowSeconds = NOW / 1000
const SALT = "authjs.session-token"
const SECRETS = ["secret"]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  vi.useRealTimers()
})

/** A stand-in for `decode`: counts its calls. */
function decryption(claims: Claims = { sub: "1", exp: nowSeconds + 60 }) {
  return vi.fn(async (): Promise<Claims | null> => structuredClone(claims))
}

function read(
  tokens: DecryptedTokens,
  token: string,
  decrypt: () => Promise<Claims | null>,
  scope: Partial<Scope> = {},
) {
  return tokens.claimsOf(
    token,
    { secrets: SECRETS, salt: SALT, allowA256GCM: false, ...scope },
    decrypt,
  )
}

describe("DecryptedTokens", () => {
  it("decrypts a token once, and gives every read its own claims", async () => {
    const tokens = new DecryptedTokens()
    const decrypt = decryption()
    const first = (await read(tokens, "t1", decrypt))!
    first.sub = "changed by a jwt callback"
    const second = await read(tokens, "t1", decrypt)
    expect(second).toEqual({ sub: "1", exp: nowSeconds + 60 })
    expect(second).not.toBe(first)
    expect(decrypt).toHaveBeenCalledTimes(1)
    const json = JSON.stringify({ sub: "1", exp: nowSeconds + 60 })
    expect(tokens.held).toEqual({ count: 1, characters: "t1".length + json.length })
  })

  it("decrypts again under another salt, list of secrets or algorithm option", async () => {
    const tokens = new DecryptedTokens()
    const decrypt = decryption()
    await read(tokens, "t", decrypt)
    await read(tokens, "t", decrypt, { salt: "__Secure-authjs.session-token" })
    await read(tokens, "t", decrypt, { secrets: ["secret", "older"] })
    await read(tokens, "t", decrypt, { secrets: ["secre", "t"] })
    await read(tokens, "t", decrypt, { allowA256GCM: true })
    expect(decrypt).toHaveBeenCalledTimes(5)
    // Parts that concatenate alike are kept apart.
    await read(tokens, "u", decrypt, { secrets: ["ab"], salt: "c" })
    await read(tokens, "u", decrypt, { secrets: ["b"], salt: "ac" })
    expect(decrypt).toHaveBeenCalledTimes(7)
  })

  it("decrypts again once the list of secrets it decrypted under was changed in place", async () => {
    const tokens = new DecryptedTokens()
    const decrypt = decryption()
    const secrets = ["new", "retired"]
    await read(tokens, "t", decrypt, { secrets })
    secrets.pop()
    await read(tokens, "t", decrypt, { secrets })
    expect(decrypt).toHaveBeenCalledTimes(2)
  })

  it("holds nothing that failed to decrypt or whose claims were refused", async () => {
    const tokens = new DecryptedTokens()
    for (const error of [new JWEDecryptionFailed(), new JWTExpired("expired", {})]) {
      const failing = vi.fn(async (): Promise<Claims | null> => {
        throw error
      })
      await expect(read(tokens, "bad", failing)).rejects.toBe(error)
      await expect(read(tokens, "bad", failing)).rejects.toBe(error)
      expect(failing).toHaveBeenCalledTimes(2)
    }
    expect(tokens.held.count).toBe(0)
  })

  it("checks the claims of a held token on every read, and drops it once expired", async () => {
    const tokens = new DecryptedTokens()
    const decrypt = decryption({ sub: "1", exp: nowSeconds + 60 })
    await read(tokens, "t", decrypt)
    vi.setSystemTime(NOW + 74_000)
    await expect(read(tokens, "t", decrypt)).resolves.toMatchObject({ sub: "1" })
    vi.setSystemTime(NOW + 75_000)
    await expect(read(tokens, "t", decrypt)).rejects.toThrow(JWTExpired)
    expect(tokens.held.count).toBe(0)
    expect(decrypt).toHaveBeenCalledTimes(1)
  })

  it("holds at most its bound of characters, dropping the least recently read", async () => {
    const tokens = new DecryptedTokens()
    const token = (n: number) => `${n}:`.padEnd(MAX_ENTRY_CHARACTERS - 100, "x")
    const decrypt = decryption()
    const json = JSON.stringify({ sub: "1", exp: nowSeconds + 60 })
    const fit = Math.floor(MAX_HELD_CHARACTERS / (token(0).length + json.length))
    for (let n = 0; n < fit; n++) await read(tokens, token(n), decrypt)
    expect(tokens.held.count).toBe(fit)
    await read(tokens, token(0), decrypt) // read again: now the most recent
    for (let n = fit; n < fit + 3; n++) await read(tokens, token(n), decrypt)
    expect(tokens.held.characters).toBeLessThanOrEqual(MAX_HELD_CHARACTERS)
    expect(tokens.held.count).toBe(fit)
    expect(decrypt).toHaveBeenCalledTimes(fit + 3)
    await read(tokens, token(0), decrypt)
    expect(decrypt).toHaveBeenCalledTimes(fit + 3)
    await read(tokens, token(1), decrypt)
    expect(decrypt).toHaveBeenCalledTimes(fit + 4)
  })

  it("does not hold a token longer than its bound for one entry", async () => {
    const tokens = new DecryptedTokens()
    const decrypt = decryption()
    const long = "x".repeat(MAX_ENTRY_CHARACTERS)
    await read(tokens, long, decrypt)
    await read(tokens, long, decrypt)
    expect(decrypt).toHaveBeenCalledTimes(2)
    expect(tokens.held).toEqual({ count: 0, characters: 0 })
  })
})

describe("DecryptedTokens, in memory", () => {
  /** `gc()` without `--expose-gc` on the runner, as jest's leak detector gets it. */
  function exposeGc(): () => void {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as () => void
    setFlagsFromString("--no-expose-gc")
    return gc
  }
  const gc = exposeGc()
  const heapInUse = () => {
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }
  const MB = 1024 * 1024

  /** The session token of a request whose `Cookie` header also carries a 15 KB cookie. */
  function tokenOfRequest(n: number): string {
    const header = `prefs=${"x".repeat(15_000)}; ${SALT}=${n}.${"t".repeat(440)}; theme=dark`
    return parseCookieHeader(header)[SALT]!
  }

  it("holds the tokens it counts, not the Cookie headers they were read from", async () => {
    const tokens = new DecryptedTokens()
    const decrypt = decryption()
    const count = 1000
    const before = heapInUse()
    for (let n = 0; n < count; n++) await read(tokens, tokenOfRequest(n), decrypt)
    // The headers alone are 15 MB: 1,000 tokens of 450 characters and their claims are 0.5 MB.
    expect(tokens.held.count).toBe(count)
    expect(heapInUse() - before).toBeLessThan(3 * MB)
    // Read again, each from another request: answered from the copies held, still no header.
    for (let n = 0; n < count; n++) await read(tokens, tokenOfRequest(n), decrypt)
    expect(decrypt).toHaveBeenCalledTimes(count)
    expect(heapInUse() - before).toBeLessThan(3 * MB)
  })
})

describe("decodeHeld", () => {
  const secret = "held-test-secret"
  const salt = "authjs.session-token"

  function flipLastTagCharacter(token: string): string {
    const last = token.at(-2) === "A" ? "B" : "A"
    return `${token.slice(0, -2)}${last}${token.at(-1)}`
  }

  it("gives decode's outcome for every token and parameters, the first time and again", async () => {
    const ours = await encode({ token: { sub: "1", name: "Ada" }, secret, salt })
    const theirs = await theirEncode({ token: { sub: "2" }, secret: "older", salt })
    const cases: JWTDecodeParams[] = [
      { token: ours, secret, salt },
      { token: ours, secret: ["newer", secret], salt },
      { token: ours, secret: "another", salt },
      { token: ours, secret, salt: "another-salt" },
      { token: flipLastTagCharacter(ours), secret, salt },
      { token: `${ours}x`, secret, salt },
      { token: theirs, secret: [secret, "older"], salt },
      { token: theirs, secret, salt },
      { token: "", secret, salt },
      { token: ours, secret: [], salt },
      { token: ours, secret, salt: "" },
    ]
    for (const params of cases) {
      const expected = await outcome(() => decode(params))
      expect(await outcome(() => decodeHeld(params))).toEqual(expected)
      expect(await outcome(() => decodeHeld(params))).toEqual(expected)
    }
  })

  it("gives every read its own claims, and refuses a held token once it expired", async () => {
    const token = await encode({ token: { sub: "1" }, secret, salt, maxAge: 60 })
    const first = await decodeHeld({ token, secret, salt })
    first!.sub = "changed by a jwt callback"
    await expect(decodeHeld({ token, secret, salt })).resolves.toMatchObject({ sub: "1" })
    vi.setSystemTime(NOW + 75_000)
    const expired = await outcome(() => decode({ token, secret, salt }))
    expect(expired).toMatchObject({ error: { code: "ERR_JWT_EXPIRED" } })
    expect(await outcome(() => decodeHeld({ token, secret, salt }))).toEqual(expired)
  })
})
