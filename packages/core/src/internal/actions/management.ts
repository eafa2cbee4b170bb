/**
 * What the account-management actions (`/sessions`, `/accounts`) share: JSON answers that are
 * never cached, their error codes and statuses, and the CSRF check of their POSTs.
 */
import { MissingCSRF } from "../../errors.js"
import type { Cookie } from "../../types/cookies.js"
import { type ActionResult, json, NO_STORE_HEADERS } from "../http/action-result.js"
import { type AuthContext, assertCsrf } from "../request/context.js"

/** Why a management request was refused, as the `error` of its JSON answer. */
export type ManagementErrorCode =
  | "SessionRequired"
  | "MissingCSRF"
  | "InvalidRequest"
  | "AccountNotFound"
  | "LastSignInMethod"
  | "RevocationUnavailable"

const STATUS: Record<ManagementErrorCode, number> = {
  InvalidRequest: 400,
  SessionRequired: 401,
  MissingCSRF: 403,
  AccountNotFound: 404,
  LastSignInMethod: 409,
  RevocationUnavailable: 501,
}

/** A refusal: `{ error }` with its status. */
export interface Refusal {
  readonly error: ManagementErrorCode
}

/** The JSON answer of a refusal. */
export function refusedAnswer(refusal: Refusal): ActionResult {
  return json(
    { error: refusal.error },
    { status: STATUS[refusal.error], headers: NO_STORE_HEADERS },
  )
}

/** A JSON answer that no cache keeps. */
export function privateAnswer(body: Record<string, unknown>, cookies: Cookie[] = []): ActionResult {
  return json(body, { headers: NO_STORE_HEADERS, cookies })
}

/**
 * Checks a management POST's CSRF token (and origin); a failure is logged and refused with
 * `MissingCSRF`, `undefined` otherwise.
 */
export async function csrfRefusal(context: AuthContext): Promise<Refusal | undefined> {
  try {
    await assertCsrf(context)
    return undefined
  } catch (error) {
    if (!(error instanceof MissingCSRF)) throw error
    context.config.logger.error(error)
    return { error: "MissingCSRF" }
  }
}
