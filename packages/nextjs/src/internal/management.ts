/**
 * The signed-in user's sessions and linked accounts from server code: core's `listSessions`,
 * `revokeSession`, `revokeOtherSessions`, `revokeAllSessions`, `listAccounts` and
 * `unlinkAccount` on the request `headers()` describes, with the cookies they return set
 * through `cookies()`, as `signOut` does.
 */
import {
  applyRevocation,
  type RevokeSessionsResult as CoreRevokeSessionsResult,
  listAccounts,
  listSessions,
  type PreparedConfig,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  unlinkAccount,
} from "@auth/core/server"
import { actionRequest, setCookies } from "./actions.js"
import type { LoadConfig } from "./config.js"
import type { ManagementFunctions, RevokeSessionsResult } from "./types.js"

/** The six functions of {@link ManagementFunctions}, on the config `load` gives. */
export function managementFunctions(load: LoadConfig): ManagementFunctions {
  const run = async <T>(call: (request: Request, prepared: PreparedConfig) => Promise<T>) => {
    const config = await load(undefined)
    return call(await actionRequest(config), config.prepared)
  }
  const revoke = (
    call: (request: Request, prepared: PreparedConfig) => Promise<CoreRevokeSessionsResult>,
  ): Promise<RevokeSessionsResult> =>
    run(call).then((result) => applyRevocation(result, setCookies))
  return {
    listSessions: () => run(listSessions),
    revokeSession: (id) => revoke((request, prepared) => revokeSession(request, prepared, id)),
    revokeOtherSessions: () => revoke(revokeOtherSessions),
    revokeAllSessions: () => revoke(revokeAllSessions),
    listAccounts: () => run(listAccounts),
    unlinkAccount: (provider, providerAccountId) =>
      run((request, prepared) => unlinkAccount(request, prepared, provider, providerAccountId)),
  }
}
