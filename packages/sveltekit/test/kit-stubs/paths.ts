/**
 * Stands in for SvelteKit 3's `$app/paths`: `resolve()` answers relative to the page, as it does
 * while the server renders one (no `base` export, which SvelteKit 3 removed).
 */
let base = ""

/** Sets the app's `paths.base`. */
export function setBase(path: string): void {
  base = path
}

/** `resolve(path)` during server rendering of `page`: `./…` or `../…`. */
export function resolve(path: string): string {
  const relative = path.startsWith("/") ? path : `/${path}`
  return `${base}${relative}`
}
