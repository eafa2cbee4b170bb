/**
 * The published `@auth/core@0.41.3` (the `authjs-core` dev dependency) as the reference the
 * catalog is compared with: its provider modules, their exports, and their configs in a form
 * that can be compared with ours.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { normalizeProvider } from "../../../src/internal/config/provider.js"
import type { Provider } from "../../../src/providers/index.js"

/** The reference package (its `exports` hide `package.json`, so it is found by path). */
const REFERENCE_DIR = fileURLToPath(
  new URL("../../../node_modules/authjs-core/providers/", import.meta.url),
)
const OUR_DIR = fileURLToPath(new URL("../../../src/providers/", import.meta.url))

/** Modules of a providers folder that are not providers. */
const NOT_PROVIDERS = new Set(["index", "provider-types"])

/** Every module name of the reference's `providers/` folder, sorted. */
export function referenceModules(): string[] {
  return readdirSync(REFERENCE_DIR)
    .filter((file) => file.endsWith(".js"))
    .map((file) => file.slice(0, -".js".length))
    .sort()
}

/** Every module name of our `src/providers/`, sorted. */
export function ourModules(): string[] {
  return readdirSync(OUR_DIR)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -".ts".length))
    .sort()
}

/** The reference's provider modules (every module but `index` and `provider-types`). */
export function referenceProviderModules(): string[] {
  return referenceModules().filter((name) => !NOT_PROVIDERS.has(name))
}

/** Loads a reference provider module. */
export async function loadReference(module: string): Promise<Record<string, unknown>> {
  return (await import(join(REFERENCE_DIR, `${module}.js`))) as Record<string, unknown>
}

/** The names a module exports (values and types), read from its declaration or source file. */
export function exportedNames(text: string): Set<string> {
  // Examples in doc comments are not exports.
  const source = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")
  const names = new Set<string>()
  const declarations =
    /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function|interface|type|const|class)\s+([A-Za-z_$][\w$]*)/g
  for (const match of source.matchAll(declarations)) names.add(match[1] as string)
  for (const match of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (match[1] as string).split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()
        ?.trim()
      if (name && name !== "default") names.add(name)
    }
  }
  return names
}

/** The exported names of a reference module, from its `.d.ts`. */
export function referenceExports(module: string): Set<string> {
  return exportedNames(readFileSync(join(REFERENCE_DIR, `${module}.d.ts`), "utf8"))
}

/** The exported names of one of our modules, from its source. */
export function ourExports(module: string): Set<string> {
  return exportedNames(readFileSync(join(OUR_DIR, `${module}.ts`), "utf8"))
}

/** An endpoint as compared: its URL without the query, and every parameter (query and `params`). */
export interface ComparableEndpoint {
  url: string | undefined
  params: Record<string, string>
}

/** What the catalog compares of an OAuth / OIDC provider config, with the options merged. */
export interface ComparableConfig {
  id: unknown
  name: unknown
  type: unknown
  issuer: unknown
  checks: unknown
  client: unknown
  idToken: unknown
  authorization: ComparableEndpoint | undefined
  token: ComparableEndpoint | undefined
  userinfo: ComparableEndpoint | undefined
}

/** A provider config (a factory's result) reduced to what the catalog compares. */
export function comparable(config: object): ComparableConfig {
  const merged = normalizeProvider(config as Provider) as Record<string, unknown>
  return {
    id: merged.id,
    name: merged.name,
    type: merged.type,
    issuer: merged.issuer,
    checks: merged.checks,
    client: merged.client,
    idToken: merged.idToken,
    authorization: endpointOf(merged.authorization),
    token: endpointOf(merged.token),
    userinfo: endpointOf(merged.userinfo),
  }
}

function endpointOf(endpoint: unknown): ComparableEndpoint | undefined {
  if (endpoint === undefined) return undefined
  const handler = (typeof endpoint === "string" ? { url: endpoint } : endpoint) as {
    url?: string
    params?: Record<string, unknown>
  }
  const params: Record<string, string> = {}
  let url: string | undefined
  if (handler.url && URL.canParse(handler.url)) {
    const parsed = new URL(handler.url)
    for (const [key, value] of parsed.searchParams) params[key] = value
    url = `${parsed.origin}${parsed.pathname}`
  } else {
    url = handler.url
  }
  for (const [key, value] of Object.entries(handler.params ?? {})) {
    if (value === undefined) continue
    params[key] = typeof value === "object" ? JSON.stringify(value) : String(value)
  }
  // An endpoint object with only hooks (`conform`, `request`) configures no URL or params.
  if (url === undefined && Object.keys(params).length === 0) return undefined
  return { url, params }
}

/** A `profile` result as compared: the id as a string, `undefined` fields left out. */
export function comparableUser(user: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(user as Record<string, unknown>)) {
    if (value === undefined) continue
    result[key] = key === "id" && value !== null ? String(value) : value
  }
  return result
}
