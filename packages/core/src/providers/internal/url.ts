/**
 * URLs of providers that run on the customer's own host (Mastodon, Nextcloud, FusionAuth, …).
 */

/**
 * Joins a base URL (a server's issuer or base URL, with or without a trailing slash) and a
 * path. Auth.js concatenates the two as given, so `https://osso.example` + `oauth/authorize`
 * became `https://osso.exampleoauth/authorize`.
 *
 * @returns `undefined` when the base is missing: the provider then has no such endpoint until
 *   `issuer` is configured.
 * @example
 * joinUrl("https://mastodon.social/", "/oauth/token") // "https://mastodon.social/oauth/token"
 */
export function joinUrl(base: string | undefined, path: string): string | undefined {
  if (!base) return undefined
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`
}
