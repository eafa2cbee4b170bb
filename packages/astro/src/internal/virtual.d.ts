// The modules Astro's Vite provides when it builds the app (the unit tests alias them).

declare module "auth:config" {
  const config: import("./options.js").FullAuthConfig
  export default config
  export const integrationOptions: import("./options.js").IntegrationOptions
}

declare module "astro:env/server" {
  /** The adapter's runtime environment variable (`process.env` on Node), or `undefined`. */
  export function getSecret(key: string): string | undefined
}

declare module "*.astro" {
  /** An Astro component (the app's Astro compiles the `.astro` source shipped in `dist`). */
  const Component: (props: Record<string, unknown>) => unknown
  export default Component
}

/** `import.meta.env` as Vite and Astro provide it (replaced when the app is built). */
interface ImportMetaEnv {
  readonly DEV?: boolean
  readonly [key: string]: string | boolean | undefined
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
