#!/usr/bin/env node
// Fails when a package's source has an import cycle. Every import that survives compilation
// counts (`import type` and `export type` are erased, so they do not); with
// `verbatimModuleSyntax`, `import { type X }` stays as a side-effect import and counts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"

const root = new URL("..", import.meta.url).pathname
const IMPORT =
  /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g

function sourceFiles(dir) {
  const files = []
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(entry) && !/\.test(-d)?\.tsx?$/.test(entry)) files.push(path)
  }
  return files
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith(".")) return undefined
  const base = resolve(dirname(from), specifier).replace(/\.js$/, "")
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate)) return candidate
  }
  return undefined
}

function edgesOf(file) {
  const text = readFileSync(file, "utf8")
  const edges = []
  for (const match of text.matchAll(IMPORT)) {
    if (match[2]) continue
    const target = resolveImport(file, match[3] ?? match[4])
    if (target) edges.push(target)
  }
  return edges
}

let cycles = 0
const packages = ["packages", "apps"].flatMap((folder) =>
  existsSync(join(root, folder))
    ? readdirSync(join(root, folder)).map((name) => join(root, folder, name, "src"))
    : [],
)
for (const src of packages.filter((path) => existsSync(path))) {
  const graph = new Map(sourceFiles(src).map((file) => [file, edgesOf(file)]))
  const state = new Map()
  const stack = []
  const visit = (file) => {
    state.set(file, "visiting")
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "visiting") {
        const cycle = stack.slice(stack.indexOf(next)).concat(next)
        console.error(`Import cycle: ${cycle.map((f) => relative(root, f)).join(" → ")}`)
        cycles++
      } else if (!state.has(next)) {
        visit(next)
      }
    }
    stack.pop()
    state.set(file, "done")
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
}
if (cycles > 0) process.exit(1)
console.log("No import cycles.")
