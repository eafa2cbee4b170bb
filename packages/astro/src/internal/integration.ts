import type { AstroIntegration } from "astro"
import { findConfigFile } from "./config-file.js"
import {
  type AstroAuthConfig,
  DEFAULT_CONFIG_FILE,
  DEFAULT_PREFIX,
  type IntegrationOptions,
  normalizePrefix,
} from "./options.js"
import { VIRTUAL_CONFIG_ID, virtualConfigPlugin } from "./virtual-config.js"

/** What `auth:config` is to TypeScript in the app (written to `.astro/` by Astro). */
const VIRTUAL_CONFIG_TYPES = `declare module "${VIRTUAL_CONFIG_ID}" {
  const config: import("@auth/astro").FullAuthConfig
  export default config
  export const integrationOptions: { readonly prefix: string; readonly injectEndpoints: boolean }
}
`

/**
 * The Astro integration: `auth()` in `astro.config.*`. It provides the `auth:config` module
 * (the default export of `./auth.config`), serves the auth routes at `<prefix>/[...auth]`
 * (rendered on demand) unless `injectEndpoints` is `false`, and warns when the site has no
 * server adapter to render them. The prefix is also the base path core gets, so the config
 * needs no `defineConfig` for them to agree.
 *
 * @throws {Error} when the config file does not exist, or `prefix` is not a path
 * @example
 * // astro.config.mjs
 * import node from "@astrojs/node"
 * import auth from "@auth/astro"
 * import { defineConfig } from "astro/config"
 *
 * export default defineConfig({
 *   adapter: node({ mode: "standalone" }),
 *   integrations: [auth()],
 * })
 */
export function authIntegration(config: AstroAuthConfig = {}): AstroIntegration {
  const options: IntegrationOptions = Object.freeze({
    prefix: normalizePrefix(config.prefix ?? DEFAULT_PREFIX),
    injectEndpoints: config.injectEndpoints !== false,
  })
  return {
    name: "@auth/astro",
    hooks: {
      "astro:config:setup": ({ config: astroConfig, injectRoute, updateConfig, logger }) => {
        const configFile = findConfigFile(
          astroConfig.root,
          config.configFile ?? DEFAULT_CONFIG_FILE,
        )
        updateConfig({
          vite: {
            plugins: [virtualConfigPlugin(configFile, options)],
            optimizeDeps: { exclude: [VIRTUAL_CONFIG_ID] },
            // The server code imports `auth:config`: Vite must bundle it, never leave it to Node.
            ssr: { noExternal: ["@auth/astro"] },
          },
        })
        if (options.injectEndpoints) {
          injectRoute({
            pattern: `${options.prefix}/[...auth]`,
            entrypoint: new URL("./endpoint.js", import.meta.url),
            prerender: false,
          })
        }
        if (!astroConfig.adapter) {
          logger.warn(
            `This site has no server adapter, but the auth routes (${options.prefix}/…) and every session read happen on demand, per request. Add one (\`npx astro add node\`, or vercel, netlify, cloudflare): without it, \`astro build\` fails on the auth routes and nobody can sign in.`,
          )
        }
      },
      "astro:config:done": ({ injectTypes }) => {
        injectTypes({ filename: "types.d.ts", content: VIRTUAL_CONFIG_TYPES })
      },
    },
  }
}
