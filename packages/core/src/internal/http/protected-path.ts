import { isPathUnder } from "./path-under.js"

/** How the framework's router compares a request's path with its routes. */
export interface PathMatchOptions {
  /**
   * Whether the router tells `/Admin` from `/admin`. SvelteKit does (its route patterns are
   * case-sensitive regular expressions); Solid Router does not (it lower-cases both sides).
   */
  readonly caseSensitive: boolean
}

/** A run of percent-escapes, decoded together so that a multi-byte UTF-8 character is whole. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g

/**
 * Whether a request's path is `path` or below it (segment by segment, as {@link isPathUnder}) for
 * a route guard's list of protected paths, however the request spells it. Both paths are
 * compared as routers see them:
 *
 * - percent-escapes decoded once (`/%70rotected` is `/protected`; `/%2570rotected` is
 *   `/%70rotected`, which no route serves as `/protected`); an escape that is not UTF-8 is kept;
 * - empty segments (`//protected`, a trailing `/`) and dot segments (`/a/../protected`, also
 *   spelled `%2e%2e`) resolved;
 * - letter case folded unless the router is case-sensitive.
 *
 * It errs on the guard's side: a spelling no router serves as the path but other servers take
 * for it is covered too, since guarding a page that does not exist costs nothing: `;` parameters
 * (`/protected;jsessionid=1`, which Tomcat and Spring strip) and trailing dots (`/protected.`,
 * which Windows file systems strip) are removed from each segment.
 *
 * @param pathname the request's path (`URL.pathname`), as it arrived (still percent-encoded)
 * @param path a protected path: `/admin` covers `/admin` and `/admin/users`; `/` covers every path
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4 removing dot segments
 * @example
 * matchesProtectedPath("/Admin/%75sers", "/admin", { caseSensitive: false }) // true
 * matchesProtectedPath("/Admin", "/admin", { caseSensitive: true }) // false: SvelteKit's 404
 */
export function matchesProtectedPath(
  pathname: string,
  path: string,
  options: PathMatchOptions,
): boolean {
  return isPathUnder(normalizePath(pathname, options), normalizePath(path, options))
}

/** A path as a router compares it: decoded once, segments resolved, case folded when it folds. */
function normalizePath(pathname: string, { caseSensitive }: PathMatchOptions): string {
  const decoded = decodeOnce(pathname)
  const segments: string[] = []
  for (const raw of decoded.split("/")) {
    const segment = trimSegment(raw)
    if (segment === "" || segment === ".") continue
    if (segment === "..") segments.pop()
    else segments.push(caseSensitive ? segment : segment.toLowerCase())
  }
  return `/${segments.join("/")}`
}

/** Decodes each run of percent-escapes once; a run that is not UTF-8 stays as it is. */
function decodeOnce(pathname: string): string {
  return pathname.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/**
 * A segment without its `;` parameters and trailing dots: `protected;x=1` and `protected.` are
 * `protected`; the dot segments `.` and `..` stay what they are.
 */
function trimSegment(segment: string): string {
  const [name = ""] = segment.split(";", 1)
  if (name === "." || name === "..") return name
  return name.replace(/\.+$/, "")
}
