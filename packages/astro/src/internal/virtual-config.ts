import type { IntegrationOptions } from "./options.js"

/** The module users import their auth config from, as in `auth-astro`. */
export const VIRTUAL_CONFIG_ID = "auth:config"

const RESOLVED_ID = `\0${VIRTUAL_CONFIG_ID}`

/** The part of a Vite plugin this one uses (Astro passes it to its own Vite). */
export interface VirtualConfigPlugin {
  name: string
  resolveId(id: string): string | undefined
  load(id: string): string | undefined
}

/**
 * The Vite plugin behind `auth:config`: its default export is the default export of the config
 * file, and `integrationOptions` tells the server code where the integration serves the routes.
 *
 * @param configFile an absolute path (or a specifier Vite resolves) of the config module
 */
export function virtualConfigPlugin(
  configFile: string,
  options: IntegrationOptions,
): VirtualConfigPlugin {
  return {
    name: "@auth/astro:config",
    resolveId: (id) => (id === VIRTUAL_CONFIG_ID ? RESOLVED_ID : undefined),
    load: (id) =>
      id === RESOLVED_ID
        ? [
            `export { default } from ${JSON.stringify(configFile)};`,
            `export const integrationOptions = ${JSON.stringify(options)};`,
          ].join("\n")
        : undefined,
  }
}
