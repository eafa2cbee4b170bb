/**
 * `@auth/astro`: Auth.js for Astro 5, 6 and 7, a drop-in for `auth-astro`. The default export
 * is the integration for `astro.config.*`; `defineConfig` types `auth.config.ts`. The server
 * helpers are in `@auth/astro/server`, the browser's in `@auth/astro/client`, the components in
 * `@auth/astro/components`.
 *
 * @example
 * // astro.config.mjs
 * import node from "@astrojs/node"
 * import auth from "@auth/astro"
 * import { defineConfig } from "astro/config"
 *
 * export default defineConfig({ adapter: node({ mode: "standalone" }), integrations: [auth()] })
 *
 * @module @auth/astro
 */
import { authIntegration } from "./internal/integration.js"

export { defineConfig } from "./internal/define-config.js"
export type { AstroAuthConfig, FullAuthConfig } from "./internal/options.js"

/** The type of the integration factory, as `auth-astro` exported it. */
export type Integration = typeof authIntegration

export default authIntegration
