import type { ActionResult } from "../http/action-result.js"
import type { AuthContext } from "../request/context.js"
import {
  type CurrentSession,
  listUserSessions,
  type Revocation,
  readCurrentSession,
  revokeUserSessions,
} from "../session/manage.js"
import { csrfRefusal, privateAnswer, type Refusal, refusedAnswer } from "./management.js"

/**
 * `GET /sessions`: the signed-in user's sessions, `200 { sessions }`. `POST /sessions/revoke`
 * (CSRF-checked) with `sessionId`, or `scope` `others` or `all`: `200 { revoked }`, with the
 * current session's cookie cleared when it was revoked. Signed out: `401 { error:
 * "SessionRequired" }`; `403 MissingCSRF`; `501 RevocationUnavailable` for JWT sessions with
 * `session.store: false`; `400 InvalidRequest` for anything else.
 */
export async function sessionsAction(context: AuthContext): Promise<ActionResult> {
  const { method, providerId: operation } = context.request
  if (method === "GET" && operation === undefined) {
    const current = await readCurrentSession(context)
    if (!current) return refusedAnswer({ error: "SessionRequired" })
    return privateAnswer({ sessions: await listUserSessions(context, current) })
  }
  if (method === "POST" && operation === "revoke") {
    const current = await readCurrentSession(context)
    if (!current) return refusedAnswer({ error: "SessionRequired" })
    const refusal = await csrfRefusal(context)
    if (refusal) return refusedAnswer(refusal)
    if (current.strategy === "jwt" && !context.config.session.store) {
      return refusedAnswer({ error: "RevocationUnavailable" })
    }
    return revoke(context, current)
  }
  return refusedAnswer({ error: "InvalidRequest" })
}

async function revoke(context: AuthContext, current: CurrentSession): Promise<ActionResult> {
  const revocation = revocationOf(context.request.body)
  if ("error" in revocation) return refusedAnswer(revocation)
  const { revoked, cookies } = await revokeUserSessions(context, current, revocation)
  return privateAnswer({ revoked }, cookies)
}

/** The revocation a request's body asks for: `sessionId`, or `scope` `others` or `all`. */
function revocationOf(body: Readonly<Record<string, unknown>> | undefined): Revocation | Refusal {
  const sessionId = body?.sessionId
  const scope = body?.scope
  if (typeof sessionId === "string" && sessionId !== "" && scope === undefined) {
    return { sessionId }
  }
  if ((scope === "others" || scope === "all") && sessionId === undefined) return { scope }
  return { error: "InvalidRequest" }
}
