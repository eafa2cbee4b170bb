// The SvelteKit modules this package imports, as far as it uses them. SvelteKit resolves them
// when it builds the app; SvelteKit 3 no longer declares the first two (they still exist,
// deprecated), and `$app/paths` is read through its namespace (see internal/base-path.ts).

declare module "$env/dynamic/private" {
  /** The app's private environment: every variable on SvelteKit 2, the declared ones on 3. */
  export const env: Record<string, string | undefined>
}

declare module "$app/environment" {
  /** `true` while `vite build` analyses or prerenders the app. */
  export const building: boolean
  /** `true` on the dev server. */
  export const dev: boolean
}

declare module "*.svelte" {
  import type { Component } from "svelte"

  const component: Component<Record<string, unknown>>
  export default component
}
