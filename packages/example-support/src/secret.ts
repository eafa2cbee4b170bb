/**
 * An example app's `AUTH_SECRET`: the environment's when set; else, outside production, a
 * development secret created once and kept in the data folder, so sessions survive restarts.
 */
import { randomBytes } from "node:crypto"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"

/** 33 random bytes: 264 bits, more than the 32 characters Auth.js asks for once encoded. */
const SECRET_BYTES = 33

/** Where the secret came from, for the console. */
export type SecretSource = "environment" | "created" | "stored"

/** What {@link resolveSecret} found or made. */
export interface ResolvedSecret {
  secret: string
  source: SecretSource
  /** The file holding a development secret. */
  path?: string
}

/** Thrown in production without `AUTH_SECRET`; the launcher prints its message and exits 1. */
export class MissingSecretError extends Error {
  override name = "MissingSecretError"
  constructor() {
    super(
      "AUTH_SECRET is not set. In production no development secret is made: generate one with `npx auth secret` (or `openssl rand -base64 33`) and set it in the environment.",
    )
  }
}

/**
 * The secret to use: `secret` when given; else the one stored in `<dataDir>/secret`, created on
 * first use. In production a development secret is never made.
 *
 * @throws {MissingSecretError} in production without a secret
 */
export async function resolveSecret(options: {
  secret?: string
  dataDir: string
  production: boolean
}): Promise<ResolvedSecret> {
  if (options.secret) return { secret: options.secret, source: "environment" }
  if (options.production) throw new MissingSecretError()
  const path = join(options.dataDir, "secret")
  const stored = await readStoredSecret(path)
  if (stored) return { secret: stored, source: "stored", path }
  const secret = randomBytes(SECRET_BYTES).toString("base64url")
  await mkdir(options.dataDir, { recursive: true })
  // `wx`: if another process created it meanwhile, fail rather than overwrite its secret.
  await writeFile(path, `${secret}\n`, { mode: 0o600, flag: "wx" })
  return { secret, source: "created", path }
}

async function readStoredSecret(path: string): Promise<string | undefined> {
  try {
    const value = (await readFile(path, "utf8")).trim()
    return value === "" ? undefined : value
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined
    throw error
  }
}
