import { existsSync } from "node:fs"
import { isAbsolute, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/** The extensions tried for a config file named without one, in this order. */
const EXTENSIONS = [".ts", ".mts", ".js", ".mjs"]

/**
 * The absolute path of the auth config module, found the way `auth-astro` users name it
 * (`./auth.config`, relative to the project root, extension optional).
 *
 * @throws {Error} when no such file exists, with what to create
 */
export function findConfigFile(root: URL, configFile: string): string {
  const base = isAbsolute(configFile) ? configFile : resolve(fileURLToPath(root), configFile)
  const candidates = /\.[cm]?[jt]s$/.test(base) ? [base] : EXTENSIONS.map((ext) => `${base}${ext}`)
  const found = candidates.find((candidate) => existsSync(candidate))
  if (found) return found
  throw new Error(
    `@auth/astro: no auth config at ${configFile} (looked for ${candidates.join(", ")}). Create auth.config.ts in the project root with \`export default defineConfig({ providers: [...] })\`, or point the integration's configFile option at yours.`,
  )
}
