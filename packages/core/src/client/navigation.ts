/** Navigating after signing in or out, the way a browser needs it. */

/**
 * `true` when going from `current` to `target` would only scroll to a fragment: same document,
 * and `target` has a hash. Browsers do not load the page again then, so the caller reloads.
 *
 * @see https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-fragid
 */
export function isFragmentNavigation(current: string, target: string): boolean {
  const to = new URL(target, current).href
  const hash = to.indexOf("#")
  return hash !== -1 && to.slice(0, hash) === withoutHash(new URL(current).href)
}

/**
 * Goes to `url` in the browser, and reloads when only the hash changed, so the page shows the
 * new session either way.
 *
 * @throws {Error} outside a browser (no `location`)
 */
export function navigateInBrowser(url: string): void {
  const location = globalThis.location
  if (location === undefined) {
    throw new Error("Cannot navigate outside a browser: pass the `navigate` option.")
  }
  const reload = isFragmentNavigation(location.href, url)
  location.assign(url)
  if (reload) location.reload()
}

function withoutHash(href: string): string {
  const hash = href.indexOf("#")
  return hash === -1 ? href : href.slice(0, hash)
}
