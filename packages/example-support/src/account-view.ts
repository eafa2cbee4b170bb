/**
 * What the home pages say about the signed-in user's sessions and linked accounts, in words:
 * a short name for the device of a session, the sentence for an error code of the browser
 * client, and the outcome of a revocation; and the "Call the provider's userinfo" button's
 * call and words (`./userinfo-view.ts`). Pure and browser-safe, so browser code may import it
 * (every example app's "Your sessions", "Linked accounts" and userinfo sections do); the markup
 * stays in each app, written the framework's way.
 */

/** The name of a device whose `User-Agent` is unknown or says nothing we recognise. */
export const UNKNOWN_DEVICE = "Unknown device"

/** Browsers by the token their `User-Agent` carries; the first that matches wins. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  // Before Chrome and Safari: these carry "Chrome/" or "Safari/" too.
  [/\bEdgA?\/|\bEdgiOS\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  // `HeadlessChrome/` (a browser under test) names Chrome too.
  [/Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^node\b|\bundici\b/, "Node.js"],
]

/** Operating systems by their `User-Agent` token; before the broader ones they contain. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
]

/**
 * A short name for the device a session was signed in on, from its `User-Agent`: the browser
 * and the system, `"Chrome on Linux"`, `"Safari on iPhone"`; one of them when only one is
 * known; {@link UNKNOWN_DEVICE} without a `User-Agent` or when neither is recognised.
 *
 * @example
 * deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) … Version/17.5 Mobile/15E148 Safari/604.1")
 * // "Safari on iPhone"
 */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? (system ? `A browser on ${system}` : UNKNOWN_DEVICE)
}

/**
 * What an error code of the browser client's `listSessions`, `revokeSession`,
 * `revokeOtherSessions`, `listAccounts` or `unlinkAccount` (and `listPasskeys`) means, in one
 * sentence for the user. Codes the server may add later get a general sentence that names them.
 */
export function errorMessage(error: string): string {
  switch (error) {
    case "SessionRequired":
    case "Unauthorized":
      return "Your session has ended: sign in again."
    case "LastSignInMethod":
      return "This is your only way to sign in, so it stays linked. Add another way to sign in first, such as a passkey."
    case "AccountNotFound":
      return "That account is no longer linked to you."
    case "MissingCSRF":
      return "This page is out of date: reload it and try again."
    case "InvalidRequest":
      return "The server did not accept the request: reload the page and try again."
    case "ClientFetchError":
      return "The server could not be reached. Try again in a moment."
    default:
      return `Something went wrong (${error}). Try again in a moment.`
  }
}

/**
 * The outcome of a revocation, for the status line: `"Signed out 1 other session."`,
 * `"Signed out 2 other sessions."`, `"No other session was signed in."`.
 */
export function revokedMessage(revoked: number): string {
  if (revoked === 0) return "No other session was signed in."
  return `Signed out ${revoked} other ${revoked === 1 ? "session" : "sessions"}.`
}

/** What {@link sessionsInOrder} needs of a session: `GET <basePath>/sessions` gives more. */
export interface SessionLike {
  current: boolean
  lastUsedAt: string | null
}

/**
 * The sessions as the "Your sessions" section lists them: this browser's first, then the others
 * by last use, most recent first (unknown last). A new array; the server's order is kept
 * among equals.
 */
export function sessionsInOrder<T extends SessionLike>(sessions: readonly T[]): T[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      (b.lastUsedAt ?? "").localeCompare(a.lastUsedAt ?? ""),
  )
}

/** Names of the providers the example apps configure, by id, as their buttons say them. */
const PROVIDER_NAMES: ReadonlyMap<string, string> = new Map([
  ["playground-id", "Playground ID"],
  ["nodemailer", "Email"],
  ["email", "Email"],
  ["credentials", "The demo user"],
  ["passkey", "Passkey"],
])

/** A provider's name for people: `"Playground ID"` for `playground-id`; else the id itself. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES.get(provider) ?? provider
}

/** What {@link linkedAccounts} needs of an account: `GET <basePath>/accounts` gives more. */
export interface AccountLike {
  type: string
}

/**
 * The accounts the "Linked accounts" section lists: all but passkeys, which the "Passkeys"
 * section lists and removes (the server unlinks a passkey only that way).
 */
export function linkedAccounts<T extends AccountLike>(accounts: readonly T[]): T[] {
  return accounts.filter((account) => account.type !== "webauthn")
}

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })

/** An ISO 8601 time in the browser's language and time zone: `"3 Jun 2026, 14:05"`. */
export function formatTime(iso: string): string {
  return DATE_FORMAT.format(new Date(iso))
}

export {
  describeUserinfo,
  setUpUserinfo,
  type UserinfoAnswer,
  type UserinfoErrorCode,
  type UserinfoView,
  userinfoCaller,
} from "./userinfo-view.js"
