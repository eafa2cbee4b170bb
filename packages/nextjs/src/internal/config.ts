import { type AuthConfig, type EnvObject, raw, setEnvDefaults, skipCSRFCheck } from "@auth/core"
import type { PagesOptions, Session, SessionCallbackParams } from "@auth/core/types"
import { DEFAULT_BASE_PATH } from "./base-path.js"
import { nextBasePath, readEnv } from "./env.js"
import type { NextAuthConfig } from "./types.js"

/** A config of `NextAuth`, made ready once: one copy per use, each cached by core. */
export interface ResolvedNextAuthConfig {
  /** For `Auth()` in the route handlers: the user's config with the env defaults applied. */
  readonly auth: AuthConfig
  /** For the server actions' internal requests: `raw`, and no CSRF check (Next.js checks origins). */
  readonly action: AuthConfig & { raw: typeof raw }
  /** For `auth()`: the session callback returns the server-side shape (see {@link serverSession}). */
  readonly session: AuthConfig
  /** Where the auth routes are, Next.js `basePath` included: `/api/auth`, `/docs/api/auth`. */
  readonly basePath: string
  /** The `basePath` of `next.config` (`""` when none). */
  readonly nextBasePath: string
  /** The path of the sign-in page (`pages.signIn`, else `<basePath>/signin`). */
  readonly signInPath: string
  /** `callbacks.authorized`, if any. */
  readonly authorized: NonNullable<NextAuthConfig["callbacks"]>["authorized"]
  /** The environment the config was resolved with. */
  readonly env: EnvObject
}

const resolved = new WeakMap<NextAuthConfig, ResolvedNextAuthConfig>()

/**
 * Makes a `NextAuth` config ready, once per config object (a lazy config returning the same
 * object is resolved once too): a copy with the environment applied (`AUTH_SECRET` or
 * `NEXTAUTH_SECRET`, `AUTH_URL` or `NEXTAUTH_URL`, `AUTH_TRUST_HOST`, provider variables; see
 * core's `setEnvDefaults`) and the base path decided. The user's object is never changed.
 *
 * The base path is `config.basePath`, else the path of `AUTH_URL`, else `/api/auth`; with a
 * Next.js `basePath` (`/docs`), a base path or relative `pages.*` path outside it is moved
 * under it (`/docs/api/auth`, `/docs/login`), since Next.js serves nothing outside it.
 */
export function resolveNextAuthConfig(config: NextAuthConfig): ResolvedNextAuthConfig {
  const cached = resolved.get(config)
  if (cached) return cached
  const env = readEnv()
  const prefix = nextBasePath()
  const basePath = underPrefix(config.basePath || pathOfUrl(env) || DEFAULT_BASE_PATH, prefix)
  const pages = prefixPages(config.pages, prefix)
  const auth = { ...config, basePath, providers: [...config.providers] } as AuthConfig
  if (pages) auth.pages = pages
  // The base path is decided above; core would only warn that AUTH_URL names one too.
  setEnvDefaults(env, auth, true)

  const ready: ResolvedNextAuthConfig = {
    auth,
    action: { ...auth, raw, skipCSRFCheck },
    session: {
      ...auth,
      callbacks: { ...auth.callbacks, session: serverSession(config.callbacks?.session) },
    },
    basePath,
    nextBasePath: prefix,
    signInPath: pages?.signIn ?? config.pages?.signIn ?? `${basePath}/signin`,
    authorized: config.callbacks?.authorized,
    env,
  }
  resolved.set(config, ready)
  return ready
}

type SessionCallback = NonNullable<AuthConfig["callbacks"]>["session"]

/**
 * The session callback of `auth()`: server code gets the whole user (next-auth 5's shape), not
 * the subset `/session` sends to browsers: `{ user, ...session }`, where `user` is the adapter's
 * user (database sessions) or the token's claims (JWT), and `session` is what the app's own
 * `session` callback returns, else the unfiltered session with `expires` as an ISO string.
 */
export function serverSession(custom: SessionCallback | undefined): SessionCallback {
  return async (params: SessionCallbackParams) => {
    const shaped = (await custom?.(params)) ?? {
      ...params.session,
      expires: isoDate(params.session.expires),
    }
    const user = params.user ?? params.token
    return { user, ...shaped } as Session
  }
}

function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value)
}

/** The path of `AUTH_URL` (or `NEXTAUTH_URL`), unless it is `/` or the URL does not parse. */
function pathOfUrl(env: EnvObject): string | undefined {
  const url = env.AUTH_URL ?? env.NEXTAUTH_URL
  if (!url || !URL.canParse(url)) return undefined
  const path = new URL(url).pathname.replace(/\/+$/, "")
  return path === "" ? undefined : path
}

/** `path` under the Next.js base path `prefix`, unless it already is. */
function underPrefix(path: string, prefix: string): string {
  const normalized = `/${path.replace(/^\/+|\/+$/g, "")}`
  if (!prefix || normalized === prefix || normalized.startsWith(`${prefix}/`)) return normalized
  return `${prefix}${normalized === "/" ? "" : normalized}`
}

/** `pages.*` paths moved under the Next.js base path; `undefined` when nothing changes. */
function prefixPages(
  pages: Partial<PagesOptions> | undefined,
  prefix: string,
): Partial<PagesOptions> | undefined {
  if (!pages || !prefix) return undefined
  const moved: Partial<PagesOptions> = { ...pages }
  for (const key of Object.keys(pages) as Array<keyof PagesOptions>) {
    const page = pages[key]
    if (typeof page === "string" && page.startsWith("/") && !page.startsWith("//")) {
      moved[key] = underPrefix(page, prefix)
    }
  }
  return moved
}
