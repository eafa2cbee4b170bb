/**
 * `getAccessToken` (`access-token.ts`) with database sessions: the tokens are the account row's,
 * read with `listAccounts` (or `getAccount`) and written back with `updateAccount` after a refresh.
 */
import { sha256Base64url } from "#crypto"
import type { Adapter, AdapterAccount } from "../../adapters.js"
import { MissingAdapterMethods } from "../../errors.js"
import type { AccessTokenResult } from "../../types/access-tokens.js"
import type { TokenSet } from "../../types/user.js"
import { isDatabaseUnavailable } from "../database-unavailable.js"
import { refreshTokenGrant } from "../oauth/refresh.js"
import { readCurrentSession } from "../session/manage.js"
import { clearRefreshError, noteRefreshError } from "../session/provider-tokens.js"
import { clearSessionCookies, readSessionCookie } from "../session/session-cookie.js"
import {
  accountNotFound,
  type Call,
  granted,
  isUsable,
  needsRefresh,
  noRefreshToken,
  refreshError,
  refreshFailed,
  signedOut,
} from "./access-token-outcomes.js"
import { singleFlight } from "./refresh-flight.js"

/** Database sessions: the account row, written back after a refresh. */
export async function fromDatabase(call: Call): Promise<AccessTokenResult> {
  const { context, provider } = call
  const { config } = context
  const current = await readCurrentSession(context)
  if (current?.strategy !== "database") {
    const hadCookie = readSessionCookie(context).value !== undefined
    return signedOut(hadCookie ? clearSessionCookies(context) : [])
  }
  const { userId } = current.session
  const accounts = accountsAdapterOf(config.adapter)
  const wanted = call.options.providerAccountId
  const account = await accounts.find(userId, provider.id, wanted)
  if (!account) return accountNotFound(provider.id, "the user has no account with it")
  if (!needsRefresh(account, call)) return granted(account, [])
  const mark = async () => {
    await noteRefreshError(context, userId, provider.id).catch(() => undefined)
    return []
  }
  if (!account.refresh_token) return refreshFailed(call, noRefreshToken(provider.id), mark)
  const seen = account.access_token
  const reread = () => accounts.find(userId, provider.id, account.providerAccountId)
  try {
    const stored = await singleFlight(config, config.session.store, {
      key: await sha256Base64url(JSON.stringify([provider.id, account.providerAccountId])),
      async settled() {
        // Another request's refresh: the row has a new token that has not expired.
        const row = await reread()
        return row && row.access_token !== seen && isUsable(row) ? row : undefined
      },
      async run() {
        const latest = (await reread()) ?? account
        if (!latest.refresh_token) throw noRefreshToken(provider.id)
        const tokens = await refreshTokenGrant(provider, latest.refresh_token)
        const patch = accountPatch(tokens)
        let written: AdapterAccount | null
        try {
          written = await accounts.update({
            provider: latest.provider,
            providerAccountId: latest.providerAccountId,
            ...patch,
          })
        } catch {
          // Logged by the adapter. The new token still serves this request; the row keeps the
          // tokens it had (with a rotating provider, a refresh token it no longer takes).
          return { ...latest, ...patch } as AdapterAccount
        }
        if (!written) throw new Error("The account was unlinked while its token was refreshed.")
        return written
      },
    })
    await clearRefreshError(context, userId, provider.id).catch(() => undefined)
    return granted(stored, [])
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error
    return refreshFailed(call, refreshError(provider.id, error), mark)
  }
}

/** An adapter's account reads and writes for {@link fromDatabase}. */
interface AccountsAdapter {
  /** The user's account with `provider` (the one with `providerAccountId` when given). */
  find(
    userId: string,
    provider: string,
    providerAccountId: string | undefined,
  ): Promise<AdapterAccount | undefined>
  update(
    account: Parameters<NonNullable<Adapter["updateAccount"]>>[0],
  ): Promise<AdapterAccount | null>
}

/**
 * The account reads and writes of an adapter: `listAccounts`, else `getAccount` (which needs the
 * `providerAccountId` option), and `updateAccount`.
 *
 * @throws {MissingAdapterMethods} when the adapter lacks them
 */
function accountsAdapterOf(adapter: Adapter | undefined): AccountsAdapter {
  const { listAccounts, getAccount, updateAccount } = adapter ?? {}
  if (!updateAccount || (!listAccounts && !getAccount)) {
    throw new MissingAdapterMethods(
      "getAccessToken with database sessions reads the account with listAccounts (or getAccount) and writes refreshed tokens with updateAccount, which the adapter lacks. Use an adapter that has them (the memory adapter and @auth/pg-adapter do).",
    )
  }
  const sameUser = (account: AdapterAccount | null | undefined, userId: string) =>
    account && String(account.userId) === String(userId) ? account : undefined
  return {
    async find(userId, provider, providerAccountId) {
      if (listAccounts) {
        const listed = await listAccounts(userId)
        return listed.find(
          (account) =>
            account.provider === provider &&
            (providerAccountId === undefined || account.providerAccountId === providerAccountId),
        )
      }
      if (providerAccountId === undefined) {
        throw new MissingAdapterMethods(
          "getAccessToken needs the providerAccountId option with an adapter without listAccounts: it cannot find a user's account by provider alone.",
        )
      }
      return sameUser(await getAccount!(providerAccountId, provider), userId)
    },
    async update(account) {
      return (await updateAccount(account)) ?? null
    },
  }
}

/**
 * What `updateAccount` writes of a refreshed token set: the new access token and its expiry
 * (cleared when the provider gave none, or the old, past one would ask for a refresh on every
 * call); the refresh token, scope, type and ID token where the provider sent new ones, the stored
 * ones left as they are where it did not. Nothing else: an adapter may reject unknown fields.
 */
function accountPatch(tokens: TokenSet): Partial<AdapterAccount> {
  const patch: Record<string, unknown> = {
    access_token: tokens.access_token,
    expires_at: tokens.expires_at ?? null,
  }
  for (const field of ["refresh_token", "scope", "token_type", "id_token"] as const) {
    if (tokens[field] !== undefined) patch[field] = tokens[field]
  }
  return patch as Partial<AdapterAccount>
}
