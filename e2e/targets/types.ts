/** What an e2e target is: an app the shared specs run against, once per session strategy. */

export const SESSION_STRATEGIES = ["database", "jwt"] as const
export type SessionStrategy = (typeof SESSION_STRATEGIES)[number]

/**
 * Specs only some targets run, by feature (see `FEATURE_SPECS` in `index.ts`): `theme` = the
 * playground's themed built-in pages; `browser-client` = the framework's browser client on the
 * home page (`client-session-email`, the client-side sign-in and sign-out buttons); `a11y` = no
 * axe-core violations on any page in either color scheme, and every page fits 375 px;
 * `passkeys` = the Passkey provider on the sign-in page and the passkeys section of the home
 * page (reached at `localhost`: browsers refuse passkeys on an IP address).
 */
export type TargetFeature = "theme" | "browser-client" | "a11y" | "passkeys" | "playground-pages"

/** A started target. */
export interface RunningTarget {
  /** `http://localhost:<port>`: every spec's `baseURL`. */
  url: string
  /** Stops the app and everything it started. */
  close(): Promise<void>
}

/** An app under test. */
export interface E2eTarget {
  /** The project prefix and the `E2E_TARGETS` name: `playground`, `sveltekit`, … */
  name: string
  /** Where the app serves the auth endpoints: `/auth`, `/api/auth`. */
  basePath: string
  /** The strategies to run every spec with; each gives a project `<name>-<strategy>`. */
  strategies: readonly SessionStrategy[]
  features: readonly TargetFeature[]
  /** Starts a fresh instance (own data folder, free port) with that session strategy. */
  start(strategy: SessionStrategy): Promise<RunningTarget>
}
