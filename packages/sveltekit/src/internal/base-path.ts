/**
 * The app's base path (`paths.base`), on SvelteKit 2 and 3. SvelteKit 2 exports it as `base`
 * from `$app/paths`; SvelteKit 3 removed that export in favour of `resolve()`, which during
 * server rendering answers with a path relative to the page. So the namespace is read by name
 * (a missing export is then `undefined`, not a build error), and a relative answer is resolved
 * against the URL it is relative to.
 */
import * as paths from "$app/paths"

/**
 * The href of a path of the app (`signin`, `signout?/now`): `<base>/<path>` on SvelteKit 2;
 * SvelteKit 3's `resolve(path)`, which is relative to the page while the server renders it
 * (fine in HTML, where the browser resolves it).
 */
export function resolveAppPath(path: string): string {
  const relative = path.replace(/^\/+/, "")
  const base: unknown = Reflect.get(paths, "base")
  if (typeof base === "string") return `${base}/${relative}`
  const resolve: unknown = Reflect.get(paths, "resolve")
  const resolved: unknown = typeof resolve === "function" ? resolve(relative) : undefined
  return typeof resolved === "string" && !resolved.startsWith("#") ? resolved : `/${relative}`
}

/**
 * Where the auth routes are unless the config says otherwise: the path `<paths.base>/auth`.
 *
 * @param pageUrl the URL of the request or page being handled: relative paths are relative to it
 */
export function authBasePath(pageUrl: URL | string): string {
  const path = resolveAppPath("auth")
  return path.startsWith("/") ? path : new URL(path, pageUrl).pathname
}
