/**
 * Limit rows: the cryptography a JWT session GET cannot avoid (decrypt the token, re-encrypt it
 * with a fresh expiry), with the key derived once. Ours through our two JWE builds; Auth.js's
 * through `jose` exactly as Auth.js calls it, but with the key and `kid` derived once.
 */
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { SECRET, SESSION_COOKIE, USER } from "./fixtures.js"
import { authjsJwt, oursDistDir, resolveFromAuthjs } from "./targets.js"
import { assertAuthjsDecodes, type Runner } from "./workloads.js"

type Claims = Record<string, unknown>

interface JweBuild {
  encryptClaims(claims: Claims, secret: string, salt: string): Promise<string>
  decryptClaims(token: string, secrets: readonly string[], salt: string): Promise<Claims>
}

interface Jose {
  jwtDecrypt(
    token: string,
    key: Uint8Array,
    options: Record<string, unknown>,
  ): Promise<{ payload: Claims }>
  EncryptJWT: new (
    claims: Claims,
  ) => {
    setProtectedHeader(header: Record<string, unknown>): {
      setIssuedAt(): {
        setExpirationTime(seconds: number): {
          setJti(jti: string): { encrypt(key: Uint8Array): Promise<string> }
        }
      }
    }
  }
  base64url: { encode(bytes: Uint8Array): string }
  calculateJwkThumbprint(jwk: Record<string, string>, digest: string): Promise<string>
}

export interface LimitRow {
  readonly id: string
  readonly title: string
  /** Which of our JWE builds. */
  readonly build: "jwe.js" | "jwe.node.js"
}

export const LIMITS: readonly LimitRow[] = [
  {
    id: "limit-webcrypto",
    title: "limit: decrypt + re-encrypt, WebCrypto, key derived once",
    build: "jwe.js",
  },
  {
    id: "limit-node",
    title: "limit: decrypt + re-encrypt, node:crypto, key derived once",
    build: "jwe.node.js",
  },
]

const THIRTY_DAYS = 30 * 24 * 60 * 60

async function sampleToken(): Promise<string> {
  const { encode } = await authjsJwt()
  const token = { name: USER.name, email: USER.email, picture: USER.image, sub: USER.id }
  return encode({ token, secret: SECRET, salt: SESSION_COOKIE })
}

function refreshed(claims: Claims): Claims {
  const now = Math.floor(Date.now() / 1000)
  return { ...claims, iat: now, exp: now + THIRTY_DAYS, jti: crypto.randomUUID() }
}

/** Our JWE build, loaded from the built package. */
async function oursLimit(build: LimitRow["build"]): Promise<Runner> {
  const file = join(oursDistDir(), "internal", "jwt", build)
  const jwe = (await import(pathToFileURL(file).href)) as JweBuild
  const token = await sampleToken()
  const roundTrip = async (): Promise<string> => {
    const claims = await jwe.decryptClaims(token, [SECRET], SESSION_COOKIE)
    return jwe.encryptClaims(refreshed(claims), SECRET, SESSION_COOKIE)
  }
  return {
    async op() {
      await roundTrip()
    },
    async verify() {
      await assertAuthjsDecodes(await roundTrip(), `our ${build}`)
    },
  }
}

/** Auth.js's `jose` calls, with the key derived once (Auth.js itself derives it twice per GET). */
async function authjsLimit(): Promise<Runner> {
  const jose = (await import(pathToFileURL(resolveFromAuthjs("jose")).href)) as Jose
  const { hkdfSync } = await import("node:crypto")
  const info = `Auth.js Generated Encryption Key (${SESSION_COOKIE})`
  const key = new Uint8Array(hkdfSync("sha256", SECRET, SESSION_COOKIE, info, 64))
  const kid = await jose.calculateJwkThumbprint(
    { kty: "oct", k: jose.base64url.encode(key) },
    "sha512",
  )
  const token = await sampleToken()
  const options = {
    clockTolerance: 15,
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"],
  }
  const roundTrip = async (): Promise<string> => {
    const { payload } = await jose.jwtDecrypt(token, key, options)
    return new jose.EncryptJWT(payload)
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + THIRTY_DAYS)
      .setJti(crypto.randomUUID())
      .encrypt(key)
  }
  return {
    async op() {
      await roundTrip()
    },
    async verify() {
      await assertAuthjsDecodes(await roundTrip(), "jose")
    },
  }
}

/** Sets up and verifies a limit row: our build, and Auth.js's `jose` calls. */
export async function prepareLimit(row: LimitRow): Promise<[Runner, Runner]> {
  const runners = [await oursLimit(row.build), await authjsLimit()] as [Runner, Runner]
  for (const runner of runners) await runner.verify()
  return runners
}
