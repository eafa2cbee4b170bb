/**
 * The signed-in user's sessions and linked accounts: `GET <basePath>/sessions` lists the
 * sessions, `POST <basePath>/sessions/revoke` signs some of them out, `GET <basePath>/accounts`
 * lists the accounts, `POST <basePath>/accounts/unlink` unlinks one. Expected refusals (signed
 * out, last way to sign in) are results, not throws. A revocation that signs this browser out
 * updates the client's session stores and tells the other tabs, as `signOut` does.
 */
import type { AccountInfo, SessionInfo } from "../types/sessions.js"
import { isRecord, nullableStringOf, parseErrorBody } from "./parse.js"
import { fetchSession } from "./requests.js"
import type { ActionContext } from "./sign-in.js"

export type { AccountInfo, SessionInfo } from "../types/sessions.js"

/**
 * Why listing or revoking sessions failed:
 * - `"SessionRequired"` (401): nobody is signed in;
 * - `"MissingCSRF"` (403): the CSRF token was missing or wrong;
 * - `"InvalidRequest"` (400): the server did not understand the revocation;
 * - `"ClientFetchError"`: no answer, or not one from this server (logged; `status` `0` without
 *   an answer).
 * Any other `error` the server sends is passed on as is.
 */
export type SessionsError =
  | "SessionRequired"
  | "MissingCSRF"
  | "InvalidRequest"
  | "ClientFetchError"

/**
 * Why listing or unlinking accounts failed: the {@link SessionsError}s, and
 * - `"AccountNotFound"` (404): the user has no such account;
 * - `"LastSignInMethod"` (409): it is the user's only way to sign in, so it stays.
 */
export type AccountsError = SessionsError | "AccountNotFound" | "LastSignInMethod"

/** A refused or failed request: the server's `error` code and the HTTP status (`0`: no answer). */
export interface ManagementFailure<E extends string> {
  ok: false
  error: E | (string & {})
  status: number
}

/** The signed-in user's sessions, or why there are none to show. */
export type SessionsResult =
  | { ok: true; sessions: SessionInfo[] }
  | ManagementFailure<SessionsError>

/** How many sessions a revocation signed out, or why it did not. */
export type RevokeSessionsResult = { ok: true; revoked: number } | ManagementFailure<SessionsError>

/** The user's linked accounts (after an unlink: the ones left), or why there are none to show. */
export type AccountsResult =
  | { ok: true; accounts: AccountInfo[] }
  | ManagementFailure<AccountsError>

/** What a revocation asks for: one session by id, or every other one, or all of them. */
type Revocation = { sessionId: string } | { scope: "others" | "all" }

/** `GET <basePath>/sessions`: the signed-in user's sessions, this browser's marked `current`. */
export async function listSessions(context: ActionContext): Promise<SessionsResult> {
  const answer = await managementRequest(context, "GET sessions", "a session list", () =>
    getJson(context, "sessions"),
  )
  if (!answer.ok) return answer
  const sessions = parseSessions(answer.body)
  return sessions === undefined
    ? malformed(context, "GET sessions", "a session list", answer.status)
    : { ok: true, sessions }
}

/**
 * `POST <basePath>/sessions/revoke` with JSON `{ csrfToken, sessionId: id }`: signs the session
 * `id` (as listed) out. When it was this browser's, the session stores of the client become
 * signed out and the other tabs are told.
 */
export function revokeSession(context: ActionContext, id: string): Promise<RevokeSessionsResult> {
  return revoke(context, { sessionId: id })
}

/** `POST <basePath>/sessions/revoke` with `scope: "others"`: every session but this browser's. */
export function revokeOtherSessions(context: ActionContext): Promise<RevokeSessionsResult> {
  return revoke(context, { scope: "others" })
}

/**
 * `POST <basePath>/sessions/revoke` with `scope: "all"`: every session of the user, this
 * browser's too; the session stores of the client become signed out and the other tabs are told.
 */
export function revokeAllSessions(context: ActionContext): Promise<RevokeSessionsResult> {
  return revoke(context, { scope: "all" })
}

/** `GET <basePath>/accounts`: the signed-in user's linked accounts (no tokens). */
export async function listAccounts(context: ActionContext): Promise<AccountsResult> {
  return accountsAnswer(context, "GET accounts", () => getJson(context, "accounts"))
}

/**
 * `POST <basePath>/accounts/unlink` with JSON `{ csrfToken, provider, providerAccountId? }`:
 * unlinks the user's account with `provider` (only the one with `providerAccountId` when given)
 * and resolves with the accounts left.
 */
export async function unlinkAccount(
  context: ActionContext,
  provider: string,
  providerAccountId?: string,
): Promise<AccountsResult> {
  const target: Record<string, string> =
    providerAccountId === undefined ? { provider } : { provider, providerAccountId }
  return accountsAnswer(context, "POST accounts/unlink", () =>
    postJson(context, "accounts/unlink", target),
  )
}

async function revoke(
  context: ActionContext,
  revocation: Revocation,
): Promise<RevokeSessionsResult> {
  const what = "POST sessions/revoke"
  const answer = await managementRequest(context, what, "a revocation count", () =>
    postJson(context, "sessions/revoke", revocation),
  )
  if (!answer.ok) return answer
  const revoked = parseRevoked(answer.body)
  if (revoked === undefined) return malformed(context, what, "a revocation count", answer.status)
  await followRevocation(context, revocation)
  return { ok: true, revoked }
}

/**
 * Brings the client's stores and the other tabs up to date after a revocation. All sessions:
 * this browser is signed out, as after `signOut`. One by id: only the server knows whether it
 * was this browser's, so the session is read again.
 */
async function followRevocation(context: ActionContext, revocation: Revocation): Promise<void> {
  const { hub } = context
  if ("scope" in revocation && revocation.scope === "others") return
  if ("scope" in revocation) {
    await hub.refetchAll()
    hub.broadcast("signout")
    return
  }
  const outcome = await fetchSession(context.options)
  if (!outcome.ok) {
    context.options.logger.error(outcome.error)
    return
  }
  if (outcome.value !== null) return
  hub.receiveAll(null)
  hub.broadcast("signout")
}

async function accountsAnswer(
  context: ActionContext,
  what: string,
  send: () => Promise<Response>,
): Promise<AccountsResult> {
  const answer = await managementRequest(context, what, "an account list", send)
  if (!answer.ok) return answer
  const accounts = parseAccounts(answer.body)
  return accounts === undefined
    ? malformed(context, what, "an account list", answer.status)
    : { ok: true, accounts }
}

/** An OK answer's JSON body and status. */
interface Answer {
  ok: true
  body: unknown
  status: number
}

/**
 * Sends a request and reads its JSON. A refusal with an `{ error }` body is a result, as is
 * no answer (`ClientFetchError`, status `0`, logged); any other answer that is not OK, or not
 * JSON, is a `ClientFetchError` too (logged, saying that `expected` was missing).
 */
async function managementRequest(
  context: ActionContext,
  what: string,
  expected: string,
  send: () => Promise<Response>,
): Promise<Answer | ManagementFailure<never>> {
  let response: Response
  try {
    response = await send()
  } catch (cause) {
    context.options.logger.error(new Error(`${what} failed.`, { cause }))
    return { ok: false, error: "ClientFetchError", status: 0 }
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok) return { ok: true, body, status: response.status }
  const error = parseErrorBody(body)
  if (error === undefined) return malformed(context, what, expected, response.status)
  return { ok: false, error, status: response.status }
}

/** A `ClientFetchError` for an answer that is not what the server sends, logged. */
function malformed(
  context: ActionContext,
  what: string,
  expected: string,
  status: number,
): ManagementFailure<never> {
  context.options.logger.error(new Error(`${what} answered ${status} without ${expected}.`))
  return { ok: false, error: "ClientFetchError", status }
}

function getJson(context: ActionContext, path: string): Promise<Response> {
  const { apiUrl, fetch } = context.options
  return fetch(`${apiUrl}/${path}`, { headers: { accept: "application/json" } })
}

/** POSTs `fields` as JSON with the client's CSRF token. */
async function postJson(
  context: ActionContext,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  const { apiUrl, fetch } = context.options
  const csrfToken = await context.getCsrfToken()
  return fetch(`${apiUrl}/${path}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ csrfToken, ...fields }),
  })
}

/** The `sessions` of a `{ sessions: [...] }` body; `undefined` when any entry is malformed. */
export function parseSessions(body: unknown): SessionInfo[] | undefined {
  return isRecord(body) ? listOf(body.sessions, parseSession) : undefined
}

/** The `accounts` of an `{ accounts: [...] }` body; `undefined` when any entry is malformed. */
export function parseAccounts(body: unknown): AccountInfo[] | undefined {
  return isRecord(body) ? listOf(body.accounts, parseAccount) : undefined
}

/** The `revoked` count of a `{ revoked }` body; `undefined` when it is not a count. */
export function parseRevoked(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined
  const { revoked } = body
  return Number.isSafeInteger(revoked) && (revoked as number) >= 0 ? (revoked as number) : undefined
}

function listOf<T>(value: unknown, parse: (entry: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined
  const parsed: T[] = []
  for (const entry of value) {
    const item = parse(entry)
    if (item === undefined) return undefined
    parsed.push(item)
  }
  return parsed
}

function parseSession(entry: unknown): SessionInfo | undefined {
  if (!isRecord(entry)) return undefined
  const { id, current } = entry
  if (typeof id !== "string" || typeof current !== "boolean") return undefined
  const createdAt = nullableStringOf(entry.createdAt)
  const lastUsedAt = nullableStringOf(entry.lastUsedAt)
  const userAgent = nullableStringOf(entry.userAgent)
  const ip = nullableStringOf(entry.ip)
  if (createdAt === undefined || lastUsedAt === undefined) return undefined
  if (userAgent === undefined || ip === undefined) return undefined
  return { id, current, createdAt, lastUsedAt, userAgent, ip }
}

function parseAccount(entry: unknown): AccountInfo | undefined {
  if (!isRecord(entry)) return undefined
  const { provider, type, providerAccountId } = entry
  if (typeof provider !== "string" || typeof type !== "string") return undefined
  if (typeof providerAccountId !== "string") return undefined
  return { provider, type, providerAccountId }
}
