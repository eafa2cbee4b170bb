import type { EnvObject } from "@auth/core"

/**
 * The server's environment. Read when a config is first used (not at import), so a value set
 * by the deployment at startup counts, and on every runtime Next.js runs code on (Node.js and
 * the edge runtime both provide `process.env`).
 */
export function readEnv(): EnvObject {
  return typeof process === "undefined" ? {} : (process.env as EnvObject)
}

/**
 * The `basePath` of `next.config` (`""` when none): Next.js defines
 * `process.env.__NEXT_ROUTER_BASEPATH` in every bundle it builds (server, edge and browser), so
 * the server and `next-auth/react` agree on it without `NEXTAUTH_URL`.
 */
export function nextBasePath(): string {
  const value = typeof process === "undefined" ? undefined : process.env.__NEXT_ROUTER_BASEPATH
  return value ? value.replace(/\/+$/, "") : ""
}

/**
 * Whether the deployment says a proxy in front of the app sets `X-Forwarded-Host` and
 * `X-Forwarded-Proto`: `AUTH_TRUST_HOST=true` (as Auth.js documents for reverse proxies),
 * Vercel or Cloudflare Pages. `trustHost: true` in the config alone does not: it accepts the
 * `Host` header, while forwarded headers from a client that talks to the app directly are
 * forgeries.
 */
export function trustsForwardedHeaders(env: EnvObject): boolean {
  return isTrue(env.AUTH_TRUST_HOST) || isTrue(env.VERCEL) || isTrue(env.CF_PAGES)
}

function isTrue(value: string | undefined): boolean {
  if (value === undefined) return false
  const normalized = value.trim().toLowerCase()
  return normalized !== "" && normalized !== "false" && normalized !== "0" && normalized !== "no"
}
