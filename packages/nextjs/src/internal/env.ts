import type { EnvObject } from "@auth/core"

/** next-auth's default base path (core's is `/auth`). */
export const DEFAULT_BASE_PATH = "/api/auth"

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
  return value ?? ""
}
