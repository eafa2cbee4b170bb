/**
 * The public types of `@auth/core`: the config, the session, user, account and profile shapes,
 * callbacks, events, pages, cookies and theme.
 *
 * Extend `Session` and `User` with module augmentation:
 *
 * @example
 * declare module "@auth/core/types" {
 *   interface Session { accessToken?: string }
 *   interface User { role?: string }
 * }
 *
 * @module types
 */
import type { Adapter, AdapterSession, AdapterUser } from "./adapters.js"
import type { ErrorType } from "./errors.js"
import type { raw, skipCSRFCheck } from "./internal/symbols.js"
import type { CredentialInput } from "./providers/credentials.js"
import type { Provider } from "./providers/index.js"
import type { ProviderType } from "./providers/provider-types.js"
import type { Awaitable } from "./types/common.js"
import type { Cookie, CookiesOptions } from "./types/cookies.js"
import type { JWT, JWTOptions } from "./types/jwt.js"
import type { LoggerInstance } from "./types/logger.js"
import type { RateLimitOptions } from "./types/rate-limit.js"
import type { SessionOptions } from "./types/sessions.js"
import type { Theme } from "./types/theme.js"
import type { Account, Profile, User } from "./types/user.js"

export type { Awaitable } from "./types/common.js"
export type {
  Cookie,
  CookieOption,
  CookieSerializeOptions,
  CookiesOptions,
} from "./types/cookies.js"
export type { LoggerInstance, WarningCode } from "./types/logger.js"
export type { PasskeyInfo } from "./types/passkeys.js"
export type {
  CredentialsRateLimitOptions,
  EmailRateLimitOptions,
  LockoutRule,
  RateLimitCount,
  RateLimitOptions,
  RateLimitRule,
  RateLimitStep,
  RateLimitStore,
} from "./types/rate-limit.js"
export type {
  AccountInfo,
  SessionCookieCacheOptions,
  SessionInfo,
  SessionOptions,
  SessionStore,
  SessionStrategy,
} from "./types/sessions.js"
export type { Theme, ThemeMailbox } from "./types/theme.js"
export type {
  Account,
  Authenticator,
  AuthorizationDetails,
  DefaultUser,
  Profile,
  TokenSet,
  User,
} from "./types/user.js"
export type { ErrorType }

/** A semantic version string: `v<major>`, `v<major>.<minor>` or `v<major>.<minor>.<patch>`. */
export type SemverString = `v${number}` | `v${number}.${number}` | `v${number}.${number}.${number}`

/** The actions served under the base path. */
export type AuthAction =
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options"

/** The values of the `error` query parameter on the error page. */
export type ErrorPageParam = "Configuration" | "AccessDenied" | "Verification"

/** The values of the `error` query parameter on the sign-in page. */
export type SignInPageErrorParam =
  | "Signin"
  | "OAuthSignin"
  | "OAuthCallbackError"
  | "OAuthCreateAccount"
  | "EmailCreateAccount"
  | "Callback"
  | "OAuthAccountNotLinked"
  | "EmailSignin"
  | "CredentialsSignin"
  | "SessionRequired"
  /** Too many attempts: a rate limit or a credentials lockout (an addition beyond Auth.js). */
  | "RateLimited"

/** The session as sent to the client. */
export interface DefaultSession {
  user?: User
  /** Expiry of the session, as an ISO-8601 string. */
  expires: string
}

/** The session as sent to the client. Extend it with module augmentation. */
export interface Session extends DefaultSession {}

/** A provider as listed by `/providers`: only client-safe fields. */
export interface PublicProvider {
  id: string
  name: string
  type: ProviderType
  signinUrl: string
  callbackUrl: string
}

/** The same as {@link PublicProvider}, under Auth.js's other name for it. */
export type AppProvider = PublicProvider

/** Built-in page overrides: a path (or URL) of your own page. */
export interface PagesOptions {
  /** @default "/signin"; receives `error` and `callbackUrl` query parameters */
  signIn: string
  signOut: string
  /** @default "/error"; receives an `error` query parameter */
  error: string
  verifyRequest: string
  /** New users are sent here on their first sign-in. */
  newUser: string
}

/** The response `Auth()` returns in `raw` mode. */
export interface ResponseInternal<
  Body extends string | Record<string, unknown> | unknown[] | null =
    | string
    | Record<string, unknown>
    | unknown[]
    | null,
> {
  status?: number
  /** `HeadersInit`, spelled out so the declarations compile without the DOM lib. */
  headers?: Headers | Record<string, string> | Array<[string, string]>
  body?: Body
  redirect?: string
  cookies?: Cookie[]
}

/** Parameters of the `signIn` callback. */
export interface SignInCallbackParams {
  user: User | AdapterUser
  account?: Account | null
  /** OAuth/OIDC sign-ins only. */
  profile?: Profile
  /** E-mail sign-in: `verificationRequest` is `true` when the link is requested. */
  email?: { verificationRequest?: boolean }
  /** Credentials sign-in: the submitted fields. */
  credentials?: Record<string, CredentialInput | unknown>
}

/** Parameters of the `jwt` callback. */
export interface JWTCallbackParams {
  token: JWT
  user?: User | AdapterUser
  account?: Account | null
  profile?: Profile
  trigger?: "signIn" | "signUp" | "update"
  /** @deprecated use `trigger === "signUp"` */
  isNewUser?: boolean
  /**
   * The data sent with a session update (`useSession().update(data)`, `unstable_update(data)`:
   * POST `/session`), as the client sent it: validate it before use. `any` as in Auth.js, where
   * callbacks read `session.user.name` without a cast.
   */
  // biome-ignore lint/suspicious/noExplicitAny: Auth.js's type; apps read it without narrowing
  session?: any
}

/** Parameters of the `session` callback. */
export type SessionCallbackParams = {
  /**
   * The session to shape. With database sessions, the stored session and its `user`; its
   * `sessionToken` and `userId` can be read but are not its own members, so returning or
   * spreading it does not send them (name `userId` to send it; the token is never sent).
   */
  session: Session & Partial<AdapterSession> & { user: User | AdapterUser }
  /** JWT strategy only. */
  token: JWT
  /** Database strategy only. */
  user: AdapterUser
  /** The data sent with a session update (database strategy). */
  newSession?: unknown
  trigger?: "update"
}

/**
 * Which pages may frame the built-in pages: `"self"` (the app's own origin) or `"none"`. See
 * {@link AuthConfig.frameAncestors}.
 */
export type FrameAncestors = "self" | "none"

/** Callbacks that control the flow. */
export interface CallbacksOptions<P = Profile, A = Account> {
  /** Allows (`true`), refuses (`false`) or redirects (a URL string) a sign-in. @default () => true */
  signIn: (
    params: SignInCallbackParams & { profile?: P; account?: A | null },
  ) => Awaitable<boolean | string>
  /** Decides where to redirect. By default only the same origin is allowed. */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>
  /** Shapes the session sent to the client. By default only name, email and image. */
  session: (params: SessionCallbackParams) => Awaitable<Session | DefaultSession>
  /** Shapes the JWT stored in the session cookie. Return `null` to sign the user out. */
  jwt: (params: JWTCallbackParams) => Awaitable<JWT | null>
}

/** Event handlers, for audit logs. Their errors are logged and never break the flow. */
export interface EventCallbacks {
  signIn: (message: {
    user: User
    account?: Account | null
    profile?: Profile
    isNewUser?: boolean
  }) => Awaitable<void>
  signOut: (
    message: { session: AdapterSession | null | undefined } | { token: JWT | null },
  ) => Awaitable<void>
  createUser: (message: { user: User }) => Awaitable<void>
  updateUser: (message: { user: User }) => Awaitable<void>
  linkAccount: (message: {
    user: User | AdapterUser
    account: Account
    profile: User | AdapterUser
  }) => Awaitable<void>
  session: (message: { session: Session; token?: JWT }) => Awaitable<void>
  /**
   * A request was refused by a rate limit or a credentials lockout (an addition beyond
   * Auth.js). Names neither the client nor the identifier.
   */
  rateLimited: (message: {
    /** The action refused (`callback`, `signin`, `session`…). */
    action: string
    /** The provider of the action, when it has one. */
    provider?: string | undefined
    /** Which limit: `client`, `credentials-client`, `credentials-identifier`, `credentials-lockout`, `sign-in`, `session-update`, `email-client`, `email-address`. */
    scope: string
    /** Seconds until the limit lifts. */
    retryAfter: number
  }) => Awaitable<void>
}

/** The service configuration. */
export interface AuthConfig {
  /** Sign-in providers, in the order the sign-in page lists them. */
  providers: Provider[]
  /** A random string of at least 32 characters, or a list for rotation (the first encrypts). */
  secret?: string | string[]
  session?: Partial<SessionOptions>
  jwt?: Partial<JWTOptions>
  pages?: Partial<PagesOptions>
  callbacks?: Partial<CallbacksOptions>
  events?: Partial<EventCallbacks>
  adapter?: Adapter
  /** Logs debug messages. Ignored for `debug` when a custom `logger.debug` is given. @default false */
  debug?: boolean
  logger?: Partial<LoggerInstance>
  theme?: Theme
  /**
   * Which pages may show the built-in pages (sign-in, sign-out, error, verify-request) in a
   * frame: `"self"`, the app's own pages (an app that opens the sign-in page in a modal), or
   * `"none"`. Sent as `X-Frame-Options` (`SAMEORIGIN` / `DENY`) and the CSP `frame-ancestors`
   * directive; no other site may frame them either way (clickjacking). Auth.js sends neither
   * header.
   *
   * @default "self"
   * @see https://www.w3.org/TR/CSP3/#directive-frame-ancestors
   * @example
   * frameAncestors: "none" // never framed, not even by the app's own pages
   */
  frameAncestors?: FrameAncestors
  /** @default false for http:// URLs, true for https:// */
  useSecureCookies?: boolean
  cookies?: Partial<CookiesOptions>
  /** Trust the request's Host (and forwarded headers, in integrations). */
  trustHost?: boolean
  skipCSRFCheck?: typeof skipCSRFCheck
  raw?: typeof raw
  /** Sets the `redirect_uri` of OAuth authorization requests. @default env AUTH_REDIRECT_PROXY_URL */
  redirectProxyUrl?: string
  /**
   * On the deployment `redirectProxyUrl` points to: the origins it forwards authorization
   * responses to (the deployments that share its secret, previews say). Exact origins
   * (`https://preview.example.com`) or patterns where `*` stands for letters, digits and `-`
   * within one host label (`https://*.preview.example.com`, `https://app-*-team.vercel.app`).
   * Any other origin is refused: a deployment that trusts its `Host` header writes whatever
   * origin a request names into the `state`. Warning: a pattern on a shared domain (such as
   * `https://*.vercel.app`) trusts everyone who can deploy there.
   * @default env AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS (comma-separated), else none
   */
  redirectProxyAllowedOrigins?: string[]
  /**
   * The app's public URL. When set, its origin is the origin of every URL the service hands
   * out (e-mail links, redirects, provider URLs, the OAuth `redirect_uri`), whatever the
   * request's `Host` or forwarded headers say, and the host needs no `trustHost`. Only its
   * origin is used here; `setEnvDefaults` also takes the default `basePath` from the path of
   * `AUTH_URL`.
   * @default env AUTH_URL (or NEXTAUTH_URL), set by `setEnvDefaults`
   */
  url?: string
  experimental?: { enableWebAuthn?: boolean }
  /** The path the actions are served under. @default "/auth" */
  basePath?: string
  /**
   * Limits on the sign-in paths, on by default: credentials attempts per client and per
   * identifier with a growing lockout, sign-in e-mails per address and per client, OAuth and
   * passkey sign-ins and session updates per client, and a ceiling on one client's POSTs. Over
   * a limit, a form post goes back to the sign-in page with `error=RateLimited`, a script gets
   * `429` with `Retry-After`; nothing is written or sent, one warning is logged and the
   * `rateLimited` event fires. `false` turns every limit off. Not in Auth.js; see
   * `docs/rate-limits.md`.
   *
   * @default the defaults of each limit (see `RateLimitOptions`)
   * @example
   * rateLimit: { store: redisStore, clientKey: (request) => request.headers.get("fly-client-ip") }
   */
  rateLimit?: RateLimitOptions | false
  /**
   * The reverse proxies in front of the app whose `X-Forwarded-For` is believed: addresses,
   * CIDR ranges, `"loopback"` or `"private"`. A request from any other peer is the client
   * itself, whatever headers it sends. Integrations attach the socket's peer address (see
   * `attachClientAddress` in `@auth/core/server`); where none is attached (an edge platform),
   * the last `X-Forwarded-For` entry is the client. Not in Auth.js.
   *
   * @default env AUTH_TRUSTED_PROXIES (comma-separated), else none
   * @example
   * trustedProxies: ["loopback"] // nginx or HAProxy on the same machine
   */
  trustedProxies?: string[]
  /**
   * A production deployment: a secret shorter than 32 bytes is then refused (a configuration
   * error) instead of only warned about (`weak-secret`). Not in Auth.js.
   *
   * @default `NODE_ENV === "production"`, set by `setEnvDefaults`
   */
  production?: boolean
  /**
   * Name the session cookie `__Host-authjs.session-token` on https (instead of
   * `__Secure-authjs.session-token`): browsers then refuse it from subdomains and with a
   * `Domain`, so no sibling subdomain can set or overwrite the session. For apps that do not
   * share their session with subdomains. Turning it on signs everyone out once (the cookie name
   * is also the token's key salt); `getToken` then needs `cookieName: "__Host-authjs.session-token"`.
   * Not in Auth.js.
   *
   * @default false
   */
  hostOnlySessionCookie?: boolean
}
