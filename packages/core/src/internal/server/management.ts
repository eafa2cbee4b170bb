/**
 * The signed-in user's passkeys, sessions and linked accounts for server code: the JSON actions
 * (`<basePath>/passkeys`, `/sessions`, `/accounts`) run in process, their answers as data.
 */
import type { PasskeyInfo } from "../../types/passkeys.js"
import type { AccountInfo, SessionInfo } from "../../types/sessions.js"
import type { Cookie } from "../../types.js"
import type { ServerActionOutcome } from "../routing/handle.js"
import { type ActionFailure, type OriginCheckOptions, readAction, writeAction } from "./actions.js"
import type { PreparedConfig } from "./prepare-config.js"

/** What {@link listPasskeys} and {@link removePasskey} gave. */
export type PasskeysResult =
  | { readonly passkeys: PasskeyInfo[]; readonly error?: undefined }
  | {
      /**
       * Why not (logged where it is a failure): `Unauthorized` (signed out), `MissingCSRF` (a
       * removal in a GET request), `PasskeyNotFound`, `LastSignInMethod`, `InvalidRequest`, or
       * `Configuration` / `DatabaseUnavailable` for a failure of the server.
       */
      readonly error: string
      /** The status `<basePath>/passkeys` answers with. */
      readonly status: number
    }

/**
 * The signed-in user's passkeys, as GET `<basePath>/passkeys` lists them.
 *
 * @example
 * const result = await listPasskeys(request, prepared)
 * if (!result.error) render(result.passkeys)
 */
export async function listPasskeys(
  request: Request,
  prepared: PreparedConfig,
): Promise<PasskeysResult> {
  return passkeysOf(await readAction(request, prepared, "passkeys"))
}

/**
 * Removes one of the signed-in user's passkeys by its `id` (as listed), as POST
 * `<basePath>/passkeys/remove` does, without a CSRF token (see {@link signIn}); refused in a GET
 * or HEAD request. A user's last way to sign in is kept (`LastSignInMethod`).
 */
export async function removePasskey(
  request: Request,
  prepared: PreparedConfig,
  id: string,
  options: OriginCheckOptions = {},
): Promise<PasskeysResult> {
  const outcome = await writeAction(request, prepared, "passkeys/remove", { id }, options)
  return isRefusedHere(outcome) ? outcome : passkeysOf(outcome)
}

async function passkeysOf(outcome: ServerActionOutcome): Promise<PasskeysResult> {
  const answer = await jsonAnswerOf(outcome)
  if (answer.error !== undefined) return answer
  const { passkeys } = answer.body as { passkeys?: PasskeyInfo[] }
  return { passkeys: passkeys ?? [] }
}

/** What a JSON action answered: its body, or why it failed (see {@link ActionFailure}). */
async function jsonAnswerOf(
  outcome: ServerActionOutcome,
): Promise<
  | ActionFailure
  | { readonly body: Record<string, unknown>; readonly cookies: Cookie[]; error?: undefined }
> {
  if ("response" in outcome) {
    const { response } = outcome
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null
    const error = typeof body?.error === "string" ? body.error : "Configuration"
    return {
      error: response.status === 503 ? "DatabaseUnavailable" : error,
      status: response.status,
    }
  }
  const { result } = outcome
  const body = (result.body ?? {}) as Record<string, unknown>
  if (typeof body.error === "string") return { error: body.error, status: result.status ?? 400 }
  return { body, cookies: result.cookies ?? [] }
}

/** What {@link listSessions} gave. */
export type SessionsResult =
  | { readonly sessions: SessionInfo[]; readonly error?: undefined }
  | ActionFailure

/** What {@link revokeSession}, {@link revokeOtherSessions} and {@link revokeAllSessions} gave. */
export type RevokeSessionsResult =
  | {
      /** Sessions revoked (a revocation by id counts one, whatever the id named). */
      readonly revoked: number
      /** The current session's cookie: cleared when it was revoked, or re-issued. */
      readonly cookies: Cookie[]
      readonly error?: undefined
    }
  | ActionFailure

/**
 * A revocation's result once an integration has set its cookies on the response: without them,
 * so that it can go to the browser as it is (a server action's return value does), and a
 * re-issued session cookie with it must not.
 */
export type AppliedRevokeSessionsResult =
  | { readonly revoked: number; readonly error?: undefined }
  | ActionFailure

/**
 * Hands a revocation's cookies to `setCookies` (the integration's way to put them on its
 * response; called on success even when there are none) and gives the result without them.
 *
 * @example
 * return applyRevocation(await revokeOtherSessions(request, prepared), (cookies) => {
 *   for (const header of setCookieHeaders(cookies)) response.headers.append("Set-Cookie", header)
 * })
 */
export async function applyRevocation(
  result: RevokeSessionsResult,
  setCookies: (cookies: Cookie[]) => void | Promise<void>,
): Promise<AppliedRevokeSessionsResult> {
  if (result.error !== undefined) return { error: result.error, status: result.status }
  await setCookies(result.cookies)
  return { revoked: result.revoked }
}

/** What {@link listAccounts} and {@link unlinkAccount} gave. */
export type AccountsResult =
  | { readonly accounts: AccountInfo[]; readonly error?: undefined }
  | ActionFailure

/**
 * The signed-in user's sessions, as GET `<basePath>/sessions` lists them (the request's own
 * marked `current`); `{ error: "SessionRequired", status: 401 }` when signed out.
 *
 * @example
 * const result = await listSessions(request, prepared)
 * if (!result.error) render(result.sessions)
 */
export async function listSessions(
  request: Request,
  prepared: PreparedConfig,
): Promise<SessionsResult> {
  const answer = await jsonAnswerOf(await readAction(request, prepared, "sessions"))
  if (answer.error !== undefined) return answer
  return { sessions: (answer.body.sessions as SessionInfo[] | undefined) ?? [] }
}

/**
 * Revokes one of the signed-in user's sessions by its listed `id`, as POST
 * `<basePath>/sessions/revoke` does, without a CSRF token (see {@link signIn}); refused in a GET
 * or HEAD request. An id that is not one of the user's sessions revokes nothing and gives the
 * same answer. Revoking the current session clears its cookie: set `cookies`.
 */
export function revokeSession(
  request: Request,
  prepared: PreparedConfig,
  id: string,
  options: OriginCheckOptions = {},
): Promise<RevokeSessionsResult> {
  return revokeAction(request, prepared, { sessionId: id }, options)
}

/**
 * Signs the user out everywhere else: revokes every session of the signed-in user but the
 * request's own. Call it after a password change, from the action that changed it.
 */
export function revokeOtherSessions(
  request: Request,
  prepared: PreparedConfig,
  options: OriginCheckOptions = {},
): Promise<RevokeSessionsResult> {
  return revokeAction(request, prepared, { scope: "others" }, options)
}

/** Signs the user out everywhere, this request's session included (set `cookies`). */
export function revokeAllSessions(
  request: Request,
  prepared: PreparedConfig,
  options: OriginCheckOptions = {},
): Promise<RevokeSessionsResult> {
  return revokeAction(request, prepared, { scope: "all" }, options)
}

async function revokeAction(
  request: Request,
  prepared: PreparedConfig,
  body: { sessionId: string } | { scope: "others" | "all" },
  options: OriginCheckOptions,
): Promise<RevokeSessionsResult> {
  const outcome = await writeAction(request, prepared, "sessions/revoke", body, options)
  const answer = isRefusedHere(outcome) ? outcome : await jsonAnswerOf(outcome)
  if (answer.error !== undefined) return answer
  return { revoked: Number(answer.body.revoked ?? 0), cookies: answer.cookies }
}

/** The signed-in user's linked accounts, as GET `<basePath>/accounts` lists them. */
export async function listAccounts(
  request: Request,
  prepared: PreparedConfig,
): Promise<AccountsResult> {
  return accountsOf(await readAction(request, prepared, "accounts"))
}

/**
 * Unlinks the signed-in user's account with `provider` (only the one with `providerAccountId`
 * when given), as POST `<basePath>/accounts/unlink` does, without a CSRF token (see
 * {@link signIn}). A user's last way to sign in is kept (`LastSignInMethod`).
 */
export async function unlinkAccount(
  request: Request,
  prepared: PreparedConfig,
  provider: string,
  providerAccountId?: string,
  options: OriginCheckOptions = {},
): Promise<AccountsResult> {
  const body = providerAccountId === undefined ? { provider } : { provider, providerAccountId }
  return accountsOf(await writeAction(request, prepared, "accounts/unlink", body, options))
}

async function accountsOf(outcome: ServerActionOutcome | ActionFailure): Promise<AccountsResult> {
  const answer = isRefusedHere(outcome) ? outcome : await jsonAnswerOf(outcome)
  if (answer.error !== undefined) return answer
  return { accounts: (answer.body.accounts as AccountInfo[] | undefined) ?? [] }
}

/** Whether a write was refused before any action ran (a GET or HEAD request). */
function isRefusedHere(outcome: ServerActionOutcome | ActionFailure): outcome is ActionFailure {
  return !("result" in outcome) && !("response" in outcome)
}
