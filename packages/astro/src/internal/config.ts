import authConfig, { integrationOptions } from "auth:config"
import { type PreparedConfig, prepareConfig } from "@auth/core/server"
import { astroEnv } from "./env.js"
import type { FullAuthConfig } from "./options.js"

/** `auth.config` without its `basePath`, made once it names another than the served prefix. */
let servedAuthConfig: FullAuthConfig | undefined

/**
 * Core's `prepareConfig` for a config (by default `auth.config`), with Astro's environment (see
 * `astroEnv`). The base path is the config's `basePath`, else its `prefix`, else the
 * integration's `prefix` (`auth-astro`'s `defineConfig` had to copy `prefix` into `basePath`);
 * but `auth.config` is served where the integration injected its route, whatever it names
 * (reported once).
 *
 * @throws {TypeError} when there is no config object (`auth.config` without a default export)
 */
export function prepare(config: FullAuthConfig = authConfig): PreparedConfig {
  if (typeof config !== "object" || config === null) {
    throw new TypeError(
      "@auth/astro: the auth config is missing. auth.config must `export default defineConfig({ providers: [...] })`, or pass the config to this call.",
    )
  }
  const { prefix, injectEndpoints } = integrationOptions
  const prepared = prepareConfig(config, astroEnv, { basePath: config.prefix ?? prefix })
  if (config !== authConfig || !injectEndpoints || prepared.basePath === prefix) return prepared
  if (!servedAuthConfig) {
    console.warn(
      `[auth][warn] @auth/astro: the auth config names the base path "${prepared.basePath}", but the integration serves the auth routes at "${prefix}" (its prefix option), so "${prefix}" is used. Set \`auth({ prefix: "${prepared.basePath}" })\` in astro.config to serve them at "${prepared.basePath}".`,
    )
    servedAuthConfig = { ...config, basePath: undefined, prefix: undefined }
  }
  return prepareConfig(servedAuthConfig, astroEnv, { basePath: prefix })
}
