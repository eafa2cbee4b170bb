/**
 * Whether `pathname` is `path` or below it, segment by segment: `/admin` covers `/admin` and
 * `/admin/users`, not `/administrator`. `/` (or an empty path) covers every path. The one
 * path-prefix rule, on paths as given: the base path's, and `matchesProtectedPath`'s once it has
 * read a request's path as a router does (a guard's list of protected paths uses that one).
 *
 * @example
 * isPathUnder("/api/auth/session", "/api/auth") // true
 * isPathUnder("/api/authz", "/api/auth") // false
 */
export function isPathUnder(pathname: string, path: string): boolean {
  const prefix = path.endsWith("/") ? path.slice(0, -1) : path
  if (prefix === "") return true
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}
