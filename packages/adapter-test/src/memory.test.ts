import type { Adapter, AdapterAuthenticator } from "@auth/core/adapters"
// A relative import, so this private package tests the source without building core first.
import { MemoryAdapter } from "../../core/src/memory-adapter.js"
import { withoutTimestamps } from "./fixtures.js"
import { runAdapterContract } from "./index.js"

runAdapterContract({ name: "MemoryAdapter", adapter: () => MemoryAdapter() })

/**
 * The memory adapter as an adapter written for Auth.js would be: without `deleteAuthenticator`,
 * `listAccounts` and authenticator timestamps. The suite must pass it too, since those are additions.
 */
function asAuthjsAdapter(adapter: Adapter): Adapter {
  const {
    deleteAuthenticator: _deleteAuthenticator,
    listAccounts: _listAccounts,
    ...authjs
  } = adapter
  const bare = (authenticator: AdapterAuthenticator | null): AdapterAuthenticator | null =>
    withoutTimestamps(authenticator) ?? null
  return {
    ...authjs,
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
