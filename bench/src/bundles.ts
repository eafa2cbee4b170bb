/**
 * Bundle sizes: entries bundled by esbuild as an edge bundler would (platform neutral, minified,
 * ESM), gzipped. Our sizes come from the built package; a second build from our sources says
 * which module pulls in what.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { build, type Metafile, type Plugin } from "esbuild"
import type { BundleEntry, BundleSide, Side } from "./bundle-entry.js"
import { NEXTJS_BUNDLES } from "./frameworks/nextjs-bundles.js"
import { BENCH_DIR } from "./targets.js"

const PACKAGE: Record<Side, string> = { ours: "@auth/core", authjs: "authjs-core" }

/** The same entry for both packages, written once with `PKG` for the package name. */
function forBoth(template: string): Record<Side, string> {
  return {
    ours: template.replaceAll("PKG", PACKAGE.ours),
    authjs: template.replaceAll("PKG", PACKAGE.authjs),
  }
}

const AUTH_SESSION = forBoth(`import { Auth } from "PKG"
export default (request, secret) => Auth(request, { secret, trustHost: true, providers: [] })`)

/** better-auth's handler, stateless (no database), serving its routes: `/get-session` among them. */
const BETTER_AUTH_HANDLER = `import { betterAuth } from "better-auth"
export default (request, secret) => betterAuth({ secret, baseURL: "http://localhost:3000" }).handler(request)`

export const BUNDLE_ENTRIES: readonly BundleEntry[] = [
  {
    id: "bundle-session-jwt",
    title: "bundle: session check with getToken (/jwt), min+gzip",
    maxRatio: 0.4,
    source: forBoth(`import { getToken } from "PKG/jwt"
export default (request, secret) => getToken({ req: request, secret })`),
    // What better-auth's docs give edge middleware: decode the stateless session_data cookie.
    betterAuth: `import { getCookieCache } from "better-auth/cookies"
export default (request, secret) => getCookieCache(request, { secret, strategy: "jwe" })`,
  },
  {
    // Auth.js has no smaller way to read a session (callbacks, re-issue) on the server than
    // `Auth()` serving /session; ours has `getSession` from /session.
    id: "bundle-session-check",
    title:
      "bundle: session check, ours getSession (/session), Auth.js Auth() on /session, min+gzip",
    maxRatio: 0.4,
    source: {
      ours: `import { getSession } from "@auth/core/session"
export default (request, secret) => getSession(request, { secret, trustHost: true, providers: [] })`,
      authjs: AUTH_SESSION.authjs,
    },
    // better-auth's server-side read, from its entry without Kysely (`better-auth/minimal`).
    betterAuth: `import { betterAuth } from "better-auth/minimal"
export default (request, secret) =>
  betterAuth({ secret, baseURL: "http://localhost:3000" }).api.getSession({ headers: request.headers })`,
  },
  {
    id: "bundle-session-auth",
    title: "bundle: session check with Auth() on /session, min+gzip",
    source: AUTH_SESSION,
    betterAuth: BETTER_AUTH_HANDLER,
  },
  {
    id: "bundle-full",
    title: "bundle: full entry (Auth, credentials, GitHub), min+gzip",
    source: forBoth(`import { Auth } from "PKG"
import Credentials from "PKG/providers/credentials"
import GitHub from "PKG/providers/github"
export default (request, secret) =>
  Auth(request, { secret, trustHost: true, providers: [Credentials({ authorize: async () => null }), GitHub] })`),
    betterAuth: `import { betterAuth } from "better-auth"
export default (request, secret) =>
  betterAuth({
    secret,
    baseURL: "http://localhost:3000",
    emailAndPassword: { enabled: true },
    socialProviders: { github: { clientId: "id", clientSecret: "secret" } },
  }).handler(request)`,
  },
  ...NEXTJS_BUNDLES,
]

/** Sizes of one bundle. */
export interface BundleSize {
  minBytes: number
  gzipBytes: number
}

/** Where the bytes of a bundle come from, by package or source folder. */
export interface BundlePart {
  part: string
  minBytes: number
  /** The import chain from the entry to the first module of this part. */
  via: string[]
}

async function bundle(
  source: string,
  plugins: Plugin[] = [],
  external: readonly string[] = [],
): Promise<{ code: Uint8Array; metafile: Metafile }> {
  const result = await build({
    external: [...external],
    stdin: { contents: source, resolveDir: BENCH_DIR, loader: "js", sourcefile: "entry.js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    // An edge runtime's conditions (as wrangler bundles for Cloudflare Workers): without them,
    // Auth.js's @panva/hkdf resolves to its `node:crypto` build. Ours has none of them.
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "error",
    plugins,
  })
  return { code: result.outputFiles[0]!.contents, metafile: result.metafile }
}

/**
 * An entry's source for one package, and what is left out of its bundle. better-auth's
 * `workerd` build hashes passwords with `node:crypto`'s scrypt, which Cloudflare Workers provide
 * (`nodejs_compat`): wrangler leaves `node:` imports out of the bundle, and so does this one.
 *
 * @throws {Error} When the entry has no better-auth counterpart and that is what is asked for.
 */
function sourceOf(
  entry: BundleEntry,
  side: BundleSide,
): { source: string; external: readonly string[] } {
  const external = entry.external ?? []
  if (side !== "better-auth") return { source: entry.source[side], external }
  if (entry.betterAuth === undefined) throw new Error(`${entry.id} has no better-auth entry.`)
  return { source: entry.betterAuth, external: [...external, "node:*"] }
}

/** Minified and gzipped size of an entry, bundled against one package. */
export async function bundleSize(entry: BundleEntry, side: BundleSide): Promise<BundleSize> {
  const { source, external } = sourceOf(entry, side)
  const { code } = await bundle(source, [], external)
  return { minBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength }
}

const CORE_DIR = join(BENCH_DIR, "..", "packages", "core")
const CORE_SRC = join(CORE_DIR, "src")

/** Our package's `#…` imports (`#jwe`, `#crypto`), each with its default (WebCrypto) build. */
const CORE_IMPORTS = (
  JSON.parse(readFileSync(join(CORE_DIR, "package.json"), "utf8")) as {
    imports: Record<string, { default: string }>
  }
).imports

/** Resolves our package to its sources (and `#…` to the WebCrypto builds), for attribution. */
const fromSources: Plugin = {
  name: "auth-core-sources",
  setup(builder) {
    builder.onResolve({ filter: /^(@auth\/core(\/.*)?|#.+)$/ }, ({ path }) => {
      if (path.startsWith("#")) {
        const target = CORE_IMPORTS[path]?.default
        if (!target) return undefined
        return { path: join(CORE_DIR, target.replace("./dist/", "src/").replace(/\.js$/, ".ts")) }
      }
      const sub = path === "@auth/core" ? "index" : path.slice("@auth/core/".length)
      const base = join(CORE_SRC, sub)
      for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
        if (existsSync(candidate)) return { path: candidate }
      }
      return undefined
    })
  },
}

function partOf(input: string): string {
  const modules = input.lastIndexOf("node_modules/")
  if (modules !== -1) {
    const rest = input.slice(modules + "node_modules/".length).split("/")
    const name = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!
    if (name === "@auth/core" || name === "authjs-core") {
      const inner = rest.slice(name.includes("/") ? 2 : 1)
      return `Auth.js ${inner.length > 2 ? inner.slice(0, 2).join("/") : inner.join("/")}`
    }
    return name
  }
  const src = input.indexOf("packages/core/src/")
  if (src !== -1) {
    const rest = input.slice(src + "packages/core/src/".length).split("/")
    return `src/${rest.length > 2 ? rest.slice(0, 2).join("/") : rest.join("/")}`
  }
  return input
}

/**
 * Which packages and source folders an entry's bundle is made of, largest first, each with the
 * import chain that pulls it in. Ours is bundled from sources (so folders are named), Auth.js
 * from its published files.
 */
export async function bundleParts(entry: BundleEntry, side: Side): Promise<BundlePart[]> {
  const { metafile } = await bundle(
    entry.source[side],
    side === "ours" ? [fromSources] : [],
    entry.external,
  )
  const output = Object.values(metafile.outputs)[0]!
  const sizes = new Map<string, number>()
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput === 0) continue
    const part = partOf(input)
    sizes.set(part, (sizes.get(part) ?? 0) + bytesInOutput)
  }
  // Breadth-first from the entry: the first path to reach each part is its reason.
  const via = new Map<string, string[]>()
  const seen = new Set<string>(["entry.js"])
  const queue: Array<[string, string[]]> = [["entry.js", []]]
  while (queue.length > 0) {
    const [file, chain] = queue.shift()!
    const part = partOf(file)
    if (file !== "entry.js" && !via.has(part)) via.set(part, chain)
    for (const { path } of metafile.inputs[file]?.imports ?? []) {
      if (seen.has(path) || !metafile.inputs[path]) continue
      seen.add(path)
      queue.push([path, [...chain, shortName(file)]])
    }
  }
  return [...sizes]
    .map(([part, minBytes]) => ({ part, minBytes, via: via.get(part) ?? [] }))
    .sort((a, b) => b.minBytes - a.minBytes)
}

function shortName(file: string): string {
  const src = file.indexOf("packages/core/src/")
  if (src !== -1) return file.slice(src + "packages/core/src/".length)
  const modules = file.lastIndexOf("node_modules/")
  return modules === -1 ? file : file.slice(modules + "node_modules/".length)
}
