import type { Adapter, AdapterAccount } from "../../adapters.js"
import { MissingAdapterMethods } from "../../errors.js"
import type { AccountInfo } from "../../types/sessions.js"
import type { ActionResult } from "../http/action-result.js"
import type { AuthContext } from "../request/context.js"
import { type CurrentSession, readCurrentSession } from "../session/manage.js"
import { csrfRefusal, privateAnswer, type Refusal, refusedAnswer } from "./management.js"

/**
 * `GET /accounts`: the signed-in user's linked accounts, `200 { accounts }` (no tokens).
 * `POST /accounts/unlink` (CSRF-checked) with `provider` (and `providerAccountId` when the user
 * has several accounts there): unlinks them, `200 { accounts }` with the rest; `404
 * AccountNotFound` when the user has no such account (whoever else may have it);
 * `409 LastSignInMethod` when the user could then no longer sign in. Signed out: `401
 * SessionRequired`; `403 MissingCSRF`; `400 InvalidRequest`, also for a passkey (removed with
 * `POST /passkeys/remove`, which deletes its authenticator too).
 */
export async function accountsAction(context: AuthContext): Promise<ActionResult> {
  const { method, providerId: operation } = context.request
  const isList = method === "GET" && operation === undefined
  const isUnlink = method === "POST" && operation === "unlink"
  if (!isList && !isUnlink) return refusedAnswer({ error: "InvalidRequest" })
  const current = await readCurrentSession(context)
  if (!current) return refusedAnswer({ error: "SessionRequired" })
  const userId = userIdOf(current)
  if (isList) return privateAnswer({ accounts: toInfos(await accountsOf(context, userId)) })
  const refusal = await csrfRefusal(context)
  if (refusal) return refusedAnswer(refusal)
  const outcome = await unlink(context, userId)
  return "error" in outcome ? refusedAnswer(outcome) : privateAnswer(outcome)
}

/** The stored user's id of a session: a JWT's `sub`, which may name no stored user. */
function userIdOf(current: CurrentSession): string | undefined {
  if (current.strategy === "database") return current.session.userId
  const { sub } = current.token
  return typeof sub === "string" && sub !== "" ? sub : undefined
}

/** The user's accounts; none without an adapter or a stored user. */
async function accountsOf(
  context: AuthContext,
  userId: string | undefined,
): Promise<AdapterAccount[]> {
  const { adapter } = context.config
  if (!adapter || userId === undefined) return []
  if (!adapter.listAccounts) {
    throw new MissingAdapterMethods(
      "Account management needs an adapter with listAccounts (the memory adapter and @auth/pg-adapter have it).",
    )
  }
  return adapter.listAccounts(userId)
}

async function unlink(
  context: AuthContext,
  userId: string | undefined,
): Promise<{ accounts: AccountInfo[] } | Refusal> {
  const { provider, providerAccountId } = context.request.body ?? {}
  if (typeof provider !== "string" || provider === "") return { error: "InvalidRequest" }
  if (providerAccountId !== undefined && typeof providerAccountId !== "string") {
    return { error: "InvalidRequest" }
  }
  const accounts = await accountsOf(context, userId)
  const targets = accounts.filter(
    (account) =>
      account.provider === provider &&
      (providerAccountId === undefined || account.providerAccountId === providerAccountId),
  )
  if (targets.length === 0 || userId === undefined) return { error: "AccountNotFound" }
  if (targets.some((account) => account.type === "webauthn")) return { error: "InvalidRequest" }
  const rest = accounts.filter((account) => !targets.includes(account))
  const adapter = unlinkAdapterOf(context)
  if (!(await canStillSignIn(context, adapter, userId, rest))) return { error: "LastSignInMethod" }
  for (const account of targets) {
    await adapter.unlinkAccount({
      provider: account.provider,
      providerAccountId: account.providerAccountId,
    })
  }
  return { accounts: toInfos(rest) }
}

type UnlinkAdapter = Required<Pick<Adapter, "unlinkAccount" | "getUser">> & Adapter

function unlinkAdapterOf(context: AuthContext): UnlinkAdapter {
  const { adapter } = context.config
  if (!adapter?.unlinkAccount || !adapter.getUser) {
    throw new MissingAdapterMethods("Unlinking an account needs an adapter with unlinkAccount.")
  }
  return adapter as UnlinkAdapter
}

/**
 * Whether a user keeps a way to sign in with only `rest` of their accounts: a credentials
 * provider, e-mail sign-in to the user's address, an account of a configured OAuth provider,
 * or a passkey.
 */
async function canStillSignIn(
  context: AuthContext,
  adapter: UnlinkAdapter,
  userId: string,
  rest: readonly AdapterAccount[],
): Promise<boolean> {
  const { providers } = context.config
  const configured = new Set(providers.map((provider) => provider.id))
  if (providers.some((provider) => provider.type === "credentials")) return true
  const oauth = rest.some(
    (account) =>
      (account.type === "oauth" || account.type === "oidc") && configured.has(account.provider),
  )
  if (oauth) return true
  const passkey = rest.some(
    (account) => account.type === "webauthn" && configured.has(account.provider),
  )
  if (passkey && (await adapter.listAuthenticatorsByUserId?.(userId))?.length) return true
  if (!providers.some((provider) => provider.type === "email")) return false
  const user = await adapter.getUser(userId)
  return typeof user?.email === "string" && user.email !== ""
}

function toInfos(accounts: readonly AdapterAccount[]): AccountInfo[] {
  return accounts.map(({ provider, type, providerAccountId }) => ({
    provider,
    type,
    providerAccountId: String(providerAccountId),
  }))
}
