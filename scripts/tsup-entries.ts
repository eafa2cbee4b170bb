import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"

type ExportTarget = string | { [condition: string]: ExportTarget }

/**
 * Derives tsup entries from a package's `exports` map, so the build and the public surface
 * cannot drift apart: `"./jwt": { default: "./dist/jwt.js" }` becomes `src/jwt.ts` (or `.tsx`),
 * and a wildcard `"./providers/*"` becomes every module in `src/providers/`. The targets of the
 * `imports` map are entries too: `"#jwe": { node: "./dist/internal/jwt/jwe.node.js", … }` builds
 * `src/internal/jwt/jwe.node.ts` (mark such specifiers external, so each runtime picks its own).
 */
export function entriesFromExports(packageJsonPath: string): string[] {
  const root = dirname(packageJsonPath)
  const pkg = JSON.parse(readFileSync(packageJsonPath, "utf8")) as {
    exports: Record<string, ExportTarget>
    imports?: Record<string, ExportTarget>
  }
  const entries = new Set<string>()
  const addSource = (jsPath: string): void => {
    const base = jsPath.replace("./dist/", "src/").replace(/\.js$/, "")
    if (base.includes("*")) {
      const folder = dirname(base)
      for (const file of readdirSync(join(root, folder))) {
        if (/\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !file.endsWith(".d.ts")) {
          entries.add(`${folder}/${file}`)
        }
      }
      return
    }
    entries.add(existsSync(join(root, `${base}.tsx`)) ? `${base}.tsx` : `${base}.ts`)
  }
  const collect = (target: ExportTarget): void => {
    if (typeof target === "string") {
      if (target.startsWith("./dist/") && target.endsWith(".js")) addSource(target)
      return
    }
    for (const value of Object.values(target)) collect(value)
  }
  for (const target of Object.values(pkg.exports)) collect(target)
  for (const target of Object.values(pkg.imports ?? {})) collect(target)
  return [...entries].sort()
}
