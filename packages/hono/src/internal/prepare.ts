/**
 * The config of each request, prepared by core once per config object: what every helper of
 * `@auth/hono` starts from.
 */
import { type PreparedConfig, prepareConfig } from "@auth/core/server"
import type { AuthConfig as CoreAuthConfig } from "@auth/core/types"
import type { Context } from "hono"

/** The config: core's, without `raw` (the routes answer with `Response`s). */
export type AuthConfig = Omit<CoreAuthConfig, "raw">

/** The variables (`AUTH_SECRET`, `AUTH_URL`, …) read from `c.env`'s bindings or `process.env`. */
export type AuthEnv = Record<string, string | undefined>

/** Where the routes are unless the config's `basePath` or `AUTH_URL`'s path says otherwise. */
const DEFAULT_BASE_PATH = "/api/auth"

const processEnv = (globalThis as { process?: { env: AuthEnv } }).process?.env
const preparedConfigs = new WeakMap<AuthConfig, PreparedConfig>()

/**
 * The request's config, prepared by core once per config object (the env read then), and the
 * URL core handles the request as (`null`: a `Host` no URL can have).
 */
export function prepare(c: Context): { prepared: PreparedConfig; url: URL | null } {
  const config = c.get("authConfig") as AuthConfig | undefined
  if (!config) {
    throw new TypeError(
      "@auth/hono: no config for this request. Register initAuthConfig() before authHandler(), verifyAuth() and getAuthUser().",
    )
  }
  let prepared = preparedConfigs.get(config)
  if (!prepared) {
    // Workers' variables and secrets; not the other bindings (Node's `incoming`, KV, D1).
    const bindings = Object.entries(c.env ?? {}).filter(([, value]) => typeof value === "string")
    const env: AuthEnv = { ...processEnv, ...(Object.fromEntries(bindings) as AuthEnv) }
    prepared = prepareConfig(config, env, { defaultBasePath: DEFAULT_BASE_PATH })
    preparedConfigs.set(config, prepared)
  }
  return { prepared, url: prepared.requestURL(c.req.raw) }
}
