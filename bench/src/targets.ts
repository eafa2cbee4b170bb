/**
 * The implementations under test, loaded side by side in one process: our `@auth/core` as Node
 * resolves it (the `"node"` condition: `node:crypto` session tokens), our WebCrypto build (the
 * package bundled by esbuild for a neutral platform, as an edge bundler would), and the
 * published Auth.js 0.41.3.
 */
import { mkdirSync, readFileSync, realpathSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { build } from "esbuild"
import { createAuthjsMemoryAdapter } from "./authjs-memory-adapter.js"
import { SECRET, SESSION_COOKIE, USER } from "./fixtures.js"

/** Where the bench keeps what it builds (ignored by git). */
export const BENCH_DIR = fileURLToPath(new URL("..", import.meta.url))
export const CACHE_DIR = join(BENCH_DIR, ".cache")

export type TargetId = "ours" | "ours-webcrypto" | "authjs"

/** A config as both libraries take it; each checks it for itself. */
export type AuthOptions = Record<string, unknown>
export type AuthHandler = (request: Request, config: AuthOptions) => Promise<Response>
type ProviderFactory = (options: Record<string, unknown>) => Record<string, unknown>

/** One implementation: what the workloads need of it. */
export interface Target {
  readonly id: TargetId
  readonly label: string
  readonly Auth: AuthHandler
  readonly Credentials: ProviderFactory
  readonly GitHub: ProviderFactory
  /** An empty in-memory database adapter. */
  createAdapter(): Record<string, unknown>
}

export const TARGET_LABELS: Record<TargetId, string> = {
  ours: "@auth/core (node)",
  "ours-webcrypto": "@auth/core (WebCrypto build)",
  authjs: "Auth.js 0.41.3",
}

const loaded = new Map<TargetId, Promise<Target>>()

/** Loads an implementation once per process. */
export function loadTarget(id: TargetId): Promise<Target> {
  let target = loaded.get(id)
  if (!target) {
    target = id === "authjs" ? loadAuthjs() : id === "ours" ? loadOurs() : loadOursWebCrypto()
    loaded.set(id, target)
  }
  return target
}

interface CoreModules {
  core: Record<string, unknown>
  credentials: Record<string, unknown>
  github: Record<string, unknown>
}

function toTarget(id: TargetId, modules: CoreModules, createAdapter: () => AuthOptions): Target {
  return {
    id,
    label: TARGET_LABELS[id],
    Auth: modules.core.Auth as AuthHandler,
    Credentials: modules.credentials.default as ProviderFactory,
    GitHub: modules.github.default as ProviderFactory,
    createAdapter,
  }
}

async function loadOurs(): Promise<Target> {
  const [core, credentials, github, memory] = await Promise.all([
    import("@auth/core"),
    import("@auth/core/providers/credentials"),
    import("@auth/core/providers/github"),
    import("@auth/core/memory-adapter"),
  ])
  const modules = { core, credentials, github } as unknown as CoreModules
  return toTarget("ours", modules, () => memory.MemoryAdapter() as unknown as AuthOptions)
}

async function loadAuthjs(): Promise<Target> {
  const [core, credentials, github] = await Promise.all([
    import("authjs-core"),
    import("authjs-core/providers/credentials"),
    import("authjs-core/providers/github"),
  ])
  const modules = { core, credentials, github } as unknown as CoreModules
  return toTarget("authjs", modules, () => createAuthjsMemoryAdapter() as unknown as AuthOptions)
}

/** The source of the module our WebCrypto build is bundled from. */
const WEBCRYPTO_ENTRY = `
export { Auth } from "@auth/core"
export { decode, encode } from "@auth/core/jwt"
export { MemoryAdapter } from "@auth/core/memory-adapter"
export { default as Credentials } from "@auth/core/providers/credentials"
export { default as GitHub } from "@auth/core/providers/github"
`

/**
 * Bundles our package for a neutral platform (no `"node"` condition, so `#jwe` and `#crypto`
 * resolve to their WebCrypto builds), into one module under `.cache/`.
 *
 * @throws {Error} When the bundle would still use `node:crypto`.
 */
export async function bundleOursWebCrypto(): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true })
  const outfile = join(CACHE_DIR, "ours-webcrypto.mjs")
  await build({
    stdin: { contents: WEBCRYPTO_ENTRY, resolveDir: BENCH_DIR, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    // An edge runtime's conditions (as wrangler bundles for Cloudflare Workers): without them,
    // Auth.js's @panva/hkdf resolves to its `node:crypto` build. Ours has none of them.
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    target: "es2022",
    outfile,
    logLevel: "error",
  })
  const code = readFileSync(outfile, "utf8")
  if (code.includes("node:crypto") || !code.includes("AES-CBC")) {
    throw new Error("The WebCrypto bundle of @auth/core did not get the WebCrypto builds.")
  }
  return outfile
}

async function loadOursWebCrypto(): Promise<Target> {
  const outfile = await bundleOursWebCrypto()
  const bundle = (await import(pathToFileURL(outfile).href)) as Record<string, unknown>
  const modules: CoreModules = {
    core: bundle,
    credentials: { default: bundle.Credentials },
    github: { default: bundle.GitHub },
  }
  const MemoryAdapter = bundle.MemoryAdapter as () => AuthOptions
  return toTarget("ours-webcrypto", modules, () => MemoryAdapter())
}

/** The `jwt` module of the published Auth.js: the reference every token is checked against. */
export async function authjsJwt(): Promise<{
  encode(params: { token: Record<string, unknown>; secret: string; salt: string }): Promise<string>
  decode(params: {
    token: string
    secret: string
    salt: string
  }): Promise<Record<string, unknown> | null>
}> {
  return import("authjs-core/jwt") as never
}

/**
 * A session cookie for the bench user (`name=value`), minted by Auth.js, whose token was issued
 * `issuedDaysAgo` days ago (0: now): both sides read it. A token a day old or more is one that
 * a middleware re-issues (`session.updateAge`).
 */
export async function authjsSessionCookie(issuedDaysAgo = 0): Promise<string> {
  const { encode } = await authjsJwt()
  const token = { name: USER.name, email: USER.email, sub: USER.id }
  const mint = () => encode({ token, secret: SECRET, salt: SESSION_COOKIE })
  const value = issuedDaysAgo === 0 ? await mint() : await atTime(issuedDaysAgo * -86_400_000, mint)
  return `${SESSION_COOKIE}=${value}`
}

/**
 * Runs `fn` with the clock moved by `offsetMs` (`Date.now()` and `new Date()`, which jose reads
 * for `iat` and `exp`).
 */
async function atTime<T>(offsetMs: number, fn: () => Promise<T>): Promise<T> {
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args: []) {
      if (args.length === 0) super(RealDate.now() + offsetMs)
      else super(...(args as []))
    }
    static override now(): number {
      return RealDate.now() + offsetMs
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
  try {
    return await fn()
  } finally {
    globalThis.Date = RealDate
  }
}

/** The directory of our built package (`packages/core/dist`). */
export function oursDistDir(): string {
  return dirname(fileURLToPath(import.meta.resolve("@auth/core")))
}

/** Resolves a module the way the published Auth.js resolves it (its own `jose`, for example). */
export function resolveFromAuthjs(specifier: string): string {
  const authjsDir = realpathSync(join(BENCH_DIR, "node_modules", "authjs-core"))
  return createRequire(join(authjsDir, "index.js")).resolve(specifier)
}
