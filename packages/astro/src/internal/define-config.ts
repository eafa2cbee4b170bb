import type { FullAuthConfig } from "./options.js"

/**
 * Types the auth config (`auth.config.ts`) and returns it unchanged. Unlike `auth-astro`'s, it
 * is optional: the integration's `prefix` becomes the base path without it, and it never
 * overwrites a `basePath` you set.
 *
 * @example
 * // auth.config.ts
 * import { defineConfig } from "@auth/astro"
 * import GitHub from "@auth/core/providers/github"
 *
 * export default defineConfig({ providers: [GitHub] })
 */
export function defineConfig<T extends FullAuthConfig>(config: T): T {
  return config
}
