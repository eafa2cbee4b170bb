import type { Adapter, AdapterAuthenticator, AdapterSession } from "@auth/core/adapters"
// A relative import, so this private package tests the source without building core first.
import { MemoryAdapter } from "../../core/src/memory-adapter.js"
import { withoutSessionManagement, withoutTimestamps } from "./fixtures.js"
import { runAdapterContract } from "./index.js"

runAdapterContract({ name: "MemoryAdapter", adapter: () => MemoryAdapter() })

/**
 * The memory adapter as an adapter written for Auth.js would be: without `deleteAuthenticator`,
 * `listAccounts`, `updateAccount`, `listSessions`, `deleteSessions`, authenticator timestamps and the sessions'
 * fields of session management. The suite must pass it too, since those are additions.
 */
function asAuthjsAdapter(adapter: Adapter): Adapter {
  const {
    deleteAuthenticator: _deleteAuthenticator,
    listAccounts: _listAccounts,
    updateAccount: _updateAccount,
    listSessions: _listSessions,
    deleteSessions: _deleteSessions,
    ...authjs
  } = adapter
  const bare = (authenticator: AdapterAuthenticator | null): AdapterAuthenticator | null =>
    withoutTimestamps(authenticator) ?? null
  const bareSession = (session: AdapterSession | null | undefined): AdapterSession | null =>
    withoutSessionManagement(session) ?? null
  return {
    ...authjs,
    createSession: async (session) => bareSession(await adapter.createSession!(session))!,
    getSessionAndUser: async (sessionToken) => {
      const found = await adapter.getSessionAndUser!(sessionToken)
      return found && { session: bareSession(found.session)!, user: found.user }
    },
    updateSession: async (session) => bareSession(await adapter.updateSession!(session)),
    deleteSession: async (sessionToken) => {
      // Auth.js's type lets `deleteSession` resolve to `void`; the memory adapter's never does.
      const deleted = (await adapter.deleteSession!(sessionToken)) as AdapterSession | null
      return bareSession(deleted)
    },
    getAuthenticator: async (credentialID) => bare(await adapter.getAuthenticator!(credentialID)),
    createAuthenticator: async (authenticator) =>
      bare(await adapter.createAuthenticator!(authenticator))!,
    listAuthenticatorsByUserId: async (userId) =>
      (await adapter.listAuthenticatorsByUserId!(userId)).map((found) => bare(found)!),
    updateAuthenticatorCounter: async (credentialID, counter) =>
      bare(await adapter.updateAuthenticatorCounter!(credentialID, counter))!,
  }
}

runAdapterContract({
  name: "MemoryAdapter without the additions beyond Auth.js",
  adapter: () => asAuthjsAdapter(MemoryAdapter()),
})
