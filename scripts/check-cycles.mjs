#!/usr/bin/env node
// Fails when the workspace's source has an import cycle, or when a module of @auth/core's
// `src/internal/` imports a folder above its own (CORE_LAYERS). Every import counts, `import type`
// and `export type` too: a cycle of types still ties the modules together, and core's public
// types live in leaf modules (`src/types/*`) so that none is needed.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "")

/** Where the source is; `*` stands for every folder at that place. */
const SOURCES = ["packages/*/src", "bench/src", "bench/apps/*/src", "e2e", "apps"]
/** Installed packages and build output, never source. */
const SKIP = new Set([
  "node_modules",
  "dist",
  "build",
  ".svelte-kit",
  ".next",
  ".output",
  ".vinxi",
  ".astro",
  ".turbo",
  "test-results",
  "playwright-report",
])
const SOURCE_FILE = /\.([cm]?[jt]sx?|svelte|astro)$/
/** The path aliases our apps' tsconfigs declare, from the folder of their package.json. */
const ALIASES = { "~/": "src/", "@/": "", "$lib/": "src/lib/" }

/**
 * @auth/core's private folders (`src/internal/<folder>/`), top row first; `.` is the files
 * directly in `internal/` (logger, symbols, lazy). A module may import its own folder and the
 * folders of lower rows, never one of its own row or above.
 */
const CORE_INTERNAL = join(root, "packages/core/src/internal")
const CORE_LAYERS = [
  ["server"], // @auth/core/server: the API integrations call; it may start the dispatcher
  ["routing"], // the dispatcher: Request → action → Response, the one place errors become Responses
  ["actions"], // one file per action, and the steps they share
  ["session", "oauth", "webauthn"], // the session strategies; the OAuth client; passkey ceremonies
  ["request"], // one request as the actions see it: AuthRequest, AuthContext
  ["config"], // resolveConfig(): defaults, env, assertions
  ["rate-limit", "session-store", "csrf", "jwt", "email", "pages"],
  ["http"], // request and response helpers, the client address: below every user of them
  ["cookies", "crypto"],
  ["."],
]
const rowOf = new Map(CORE_LAYERS.flatMap((row, index) => row.map((folder) => [folder, index])))

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path)
    return SOURCE_FILE.test(entry.name) ? [path] : []
  })
}

/** The folders a `SOURCES` entry names. */
function expand(pattern) {
  const star = pattern.indexOf("/*")
  const parent = star === -1 ? pattern : pattern.slice(0, star)
  if (!existsSync(join(root, parent))) return []
  if (star === -1) return [join(root, pattern)]
  return readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SKIP.has(entry.name))
    .flatMap((entry) => expand(`${parent}/${entry.name}${pattern.slice(star + 2)}`))
}

/** The script of a component (`<script>` blocks, Astro's frontmatter), else the whole file. */
function codeOf(file) {
  const text = readFileSync(file, "utf8")
  if (!/\.(svelte|astro)$/.test(file)) return text
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  return [/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "", ...scripts].join("\n")
}

/** The package.json nearest to a folder, with `dir`, the folder it is in. */
const manifests = new Map()
function packageOf(dir) {
  if (!manifests.has(dir)) {
    const path = join(dir, "package.json")
    if (existsSync(path)) manifests.set(dir, { ...JSON.parse(readFileSync(path, "utf8")), dir })
    else manifests.set(dir, dir === root ? { dir } : packageOf(dirname(dir)))
  }
  return manifests.get(dir)
}

/** The file a specifier names among `files`: relative, a package `#import`, or an app alias. */
function resolveImport(files, from, specifier) {
  const pkg = packageOf(dirname(from))
  let base
  if (specifier.startsWith(".")) base = resolve(dirname(from), specifier)
  else if (specifier.startsWith("#")) {
    const target = pkg.imports?.[specifier]
    const path = typeof target === "string" ? target : (target?.types ?? target?.default)
    if (typeof path === "string") base = join(pkg.dir, path)
  } else {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix))
    if (alias !== undefined) base = join(pkg.dir, ALIASES[alias], specifier.slice(alias.length))
  }
  if (base === undefined) return undefined
  const stem = base.replace(/\.[cm]?jsx?$/, "")
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, "index.ts")]
  return candidates.find((path) => files.has(path))
}

const files = new Set(SOURCES.flatMap(expand).flatMap(sourceFiles))
const graph = new Map()
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(codeOf(file), true, true)
  const targets = importedFiles.map(({ fileName }) => resolveImport(files, file, fileName))
  graph.set(file, [...new Set(targets.filter(Boolean))])
}

const problems = []
const show = (file) => relative(root, file)

const state = new Map()
const stack = []
const visit = (file) => {
  state.set(file, "visiting")
  stack.push(file)
  for (const next of graph.get(file)) {
    if (state.get(next) === "visiting") {
      const cycle = stack.slice(stack.indexOf(next)).concat(next)
      problems.push(`Import cycle: ${cycle.map(show).join(" → ")}`)
    } else if (!state.has(next)) {
      visit(next)
    }
  }
  stack.pop()
  state.set(file, "done")
}
for (const file of graph.keys()) if (!state.has(file)) visit(file)

const layerOf = (file) => {
  if (!file.startsWith(CORE_INTERNAL + sep)) return undefined
  const parts = relative(CORE_INTERNAL, file).split(sep)
  return parts.length > 1 ? parts[0] : "."
}
for (const [file, targets] of graph) {
  const from = layerOf(file)
  if (from === undefined) continue
  if (!rowOf.has(from)) problems.push(`Core's internal/${from} is on no row of CORE_LAYERS.`)
  for (const target of targets) {
    const to = layerOf(target)
    if (to === undefined || to === from || !rowOf.has(from) || !rowOf.has(to)) continue
    if (rowOf.get(to) <= rowOf.get(from)) {
      problems.push(
        `Import against core's layers: ${show(file)} (${from}) imports ${show(target)} (${to}), which is not below it in CORE_LAYERS.`,
      )
    }
  }
}

for (const problem of new Set(problems)) console.error(problem)
if (problems.length > 0) process.exit(1)
console.log(`No import cycles in ${files.size} files; core's internal layers hold.`)
