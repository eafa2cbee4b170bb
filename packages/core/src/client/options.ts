/** The browser client's options, normalised once by {@link resolveClientOptions}. */
import { navigateInBrowser } from "./navigation.js"

/** The broadcast channel next-auth/react uses; tabs of either client hear each other. */
export const DEFAULT_BROADCAST_CHANNEL = "next-auth"

/** Core's default base path; each framework's client passes its own. */
export const DEFAULT_BASE_PATH = "/auth"

/** Options of `createAuthClient`. */
export interface AuthClientOptions {
  /**
   * Where the auth endpoints are, as a path (`/api/auth`). The framework's client decides the
   * default for its users.
   * @default "/auth"
   */
  basePath?: string
  /**
   * An origin to prefix to every request (`http://127.0.0.1:3000`). In a browser, leave it
   * out: requests then go to the page's own origin.
   * @default "" (same origin)
   */
  baseUrl?: string
  /**
   * The `fetch` to use; cookies must travel with it (a browser's same-origin `fetch` does).
   * @default globalThis.fetch
   */
  fetch?: typeof fetch
  /**
   * Goes to a URL after signing in or out.
   * @default `location.assign(url)`, then `location.reload()` when only the hash changed
   */
  navigate?: (url: string) => void
  /**
   * The current page's URL, the default `callbackUrl`.
   * @default () => location.href
   */
  currentUrl?: () => string
  /**
   * The `BroadcastChannel` name tabs use to tell each other the session changed; `false`
   * turns cross-tab sync off.
   * @default "next-auth"
   */
  broadcastChannel?: string | false
  /**
   * Where failed requests are reported (the functions still resolve: `null`, `""`).
   * @default console
   */
  logger?: { error(error: Error): void }
}

/** {@link AuthClientOptions} with defaults applied. */
export interface ResolvedClientOptions {
  readonly basePath: string
  /** `baseUrl + basePath`: every endpoint is `${apiUrl}/<action>`. */
  readonly apiUrl: string
  readonly fetch: typeof fetch
  readonly navigate: (url: string) => void
  readonly currentUrl: () => string
  readonly broadcastChannel: string | false
  readonly logger: { error(error: Error): void }
}

/** Applies the defaults and normalises the paths (leading slash, no trailing slash). */
export function resolveClientOptions(options: AuthClientOptions = {}): ResolvedClientOptions {
  const basePath = normalizeBasePath(options.basePath ?? DEFAULT_BASE_PATH)
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "")
  return Object.freeze({
    basePath,
    apiUrl: `${baseUrl}${basePath}`,
    fetch:
      options.fetch ??
      ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    navigate: options.navigate ?? navigateInBrowser,
    currentUrl: options.currentUrl ?? currentBrowserUrl,
    broadcastChannel: options.broadcastChannel ?? DEFAULT_BROADCAST_CHANNEL,
    logger: options.logger ?? console,
  })
}

/** `"api/auth/"` → `"/api/auth"`; `"/"` → `""` (endpoints at the root). */
export function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/^\/+|\/+$/g, "")
  return trimmed === "" ? "" : `/${trimmed}`
}

function currentBrowserUrl(): string {
  const href = globalThis.location?.href
  if (href === undefined) {
    throw new Error(
      "There is no current page to return to: pass `redirectTo`, or the `currentUrl` option outside a browser.",
    )
  }
  return href
}
