import { normalizeBasePath } from "@auth/core/client"
import type { AuthConfig } from "@auth/core/types"

/** Where `auth-astro` serves the auth routes, and so do we unless `prefix` says otherwise. */
export const DEFAULT_PREFIX = "/api/auth"

/** Where the integration looks for the auth config, relative to the project root. */
export const DEFAULT_CONFIG_FILE = "./auth.config"

/** The options of the integration, in `astro.config.*`: `auth({ prefix, … })`. */
export interface AstroAuthConfig {
  /**
   * Where the auth routes are served: `<prefix>/signin`, `<prefix>/callback/github`, … It is
   * also the `basePath` core gets, so `defineConfig` is not needed for the two to agree.
   * @default "/api/auth"
   */
  prefix?: string
  /**
   * Whether the integration serves the auth routes itself (a route `<prefix>/[...auth]`, rendered
   * on demand). Set it to `false` to write that endpoint yourself with `AstroAuth()`.
   * @default true
   */
  injectEndpoints?: boolean
  /**
   * The module whose default export is the auth config (the `auth:config` module), relative to
   * the project root; the extension may be left out.
   * @default "./auth.config"
   */
  configFile?: string
}

/**
 * The auth config (`auth.config.ts`): any Auth.js config but `raw`, plus the integration's
 * options (`prefix` is read as the base path when `basePath` is not set).
 */
export interface FullAuthConfig extends AstroAuthConfig, Omit<AuthConfig, "raw"> {}

/** What the integration tells the server code at build time, through `auth:config`. */
export interface IntegrationOptions {
  /** The normalized prefix: `/api/auth`. */
  readonly prefix: string
  readonly injectEndpoints: boolean
}

/**
 * A prefix as a base path (core's form: one leading slash, no trailing one), checked: it becomes
 * an Astro route pattern.
 *
 * @throws {TypeError} when it is empty, the root, or not a plain path
 */
export function normalizePrefix(prefix: string): string {
  const path = normalizeBasePath(prefix.trim())
  if (path === "" || /[?#\\\s[\]]|\/\//.test(path)) {
    throw new TypeError(
      `@auth/astro: prefix ${JSON.stringify(prefix)} is not a path the auth routes can be served under. Use a path such as "/api/auth".`,
    )
  }
  return path
}
