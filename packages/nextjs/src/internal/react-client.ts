import { type AuthClient, createAuthClient } from "@auth/core/client"
import { DEFAULT_BASE_PATH } from "./base-path.js"
import { nextBasePath } from "./env.js"

/** The clients by base path: one per base path, so every store of it hears its sign-ins. */
const clients = new Map<string, AuthClient>()

/** The base path a `SessionProvider` named, which the module's functions use too. */
let active: string | undefined

/**
 * Where the auth routes are, as the server decides it without config: the path of
 * `NEXTAUTH_URL` when it names one, else `/api/auth` under the `basePath` of `next.config`.
 */
export function defaultBasePath(): string {
  const url = typeof process === "undefined" ? undefined : process.env.NEXTAUTH_URL
  const path = url && URL.canParse(url) ? new URL(url).pathname.replace(/\/+$/, "") : ""
  return path || `${nextBasePath()}${DEFAULT_BASE_PATH}`
}

/** Makes `basePath` the one `signIn`, `signOut`, `getSession`… use. */
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
