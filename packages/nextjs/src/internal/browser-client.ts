/**
 * The browser clients of `next-auth/react` and `next-auth/webauthn`: one `@auth/core/client`
 * client per base path, so a passkey sign-in refreshes the sessions `useSession` shows, and the
 * base path a `SessionProvider` names is the one both modules use.
 */
import { type AuthClient, createAuthClient, normalizeBasePath } from "@auth/core/client"
import { DEFAULT_BASE_PATH, nextBasePath } from "./env.js"

const clients = new Map<string, AuthClient>()

/** The base path a `SessionProvider` named, which every module's functions use. */
let active: string | undefined

/**
 * Where the auth routes are, as the server decides it without config: the path of
 * `NEXTAUTH_URL` when it names one, else `/api/auth` under the `basePath` of `next.config`.
 */
export function defaultBasePath(): string {
  const url = typeof process === "undefined" ? undefined : process.env.NEXTAUTH_URL
  const path = normalizeBasePath(url && URL.canParse(url) ? new URL(url).pathname : "")
  return path || `${nextBasePath()}${DEFAULT_BASE_PATH}`
}

/** Makes `basePath` the one the module functions use (a `SessionProvider`'s `basePath` prop). */
export function setActiveBasePath(basePath: string): void {
  active = basePath
}

/** The browser client of a base path (default: the active one, else {@link defaultBasePath}). */
export function clientFor(basePath: string = active ?? defaultBasePath()): AuthClient {
  let client = clients.get(basePath)
  if (!client) {
    client = createAuthClient({ basePath })
    clients.set(basePath, client)
  }
  return client
}
