import type { JSX } from "preact"

/** A link to the site's origin showing its host, as on the verify-request and error pages. */
export function SiteLink({ origin }: { origin: string }): JSX.Element {
  let host = origin
  try {
    host = new URL(origin).host
  } catch {
    // Not a URL: show it as given; Preact escapes it either way.
  }
  return (
    <a class="site" href={origin}>
      {host}
    </a>
  )
}
