/**
 * `location` as a path (with its query and fragment) when it is on `origin`, else as given: the
 * redirect an integration sends to a page of the app itself, right whatever host the browser
 * used (the app may see itself as `localhost` behind a proxy), as `auth-astro` and Express's
 * `requireAuth` sent it. A location that is not a URL is given back as it is.
 *
 * @example
 * pathOnOrigin("https://app.example/signin?next=%2F", "https://app.example") // "/signin?next=%2F"
 * pathOnOrigin("https://idp.example/authorize", "https://app.example") // unchanged
 */
export function pathOnOrigin(location: string, origin: string): string {
  if (!URL.canParse(location)) return location
  const url = new URL(location)
  if (url.origin !== origin) return location
  return `${url.pathname}${url.search}${url.hash}`
}
