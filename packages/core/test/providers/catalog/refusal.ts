/**
 * A sign-in that a vendor's bad answer must refuse: the sign-in page with
 * `error=OAuthCallbackError`, a logged reason, no user or account made, no session.
 */
import type { VendorServer } from "@auth/dev-servers"
import { expect } from "vitest"
import type { Adapter } from "../../../src/adapters.js"
import { MemoryAdapter } from "../../../src/memory-adapter.js"
import {
  createApp,
  deliver,
  expectErrorRedirect,
  locationOf,
  startSignIn,
} from "../../oauth/flow.js"
import { providerFromEnv } from "./index.js"
import type { CatalogEntry } from "./types.js"

/** An adapter that counts the users and accounts it is asked to make. */
function countingAdapter(): { adapter: Adapter; made: string[] } {
  const base = MemoryAdapter()
  const made: string[] = []
  return {
    made,
    adapter: {
      ...base,
      createUser: (user) => {
        made.push("user")
        return base.createUser!(user)
      },
      linkAccount: (account) => {
        made.push("account")
        return base.linkAccount!(account)
      },
    },
  }
}

/**
 * Signs in with the entry's provider, with a failure induced once the user is back from the
 * vendor (`induce` queues it at the mimic), and asserts the refusal.
 *
 * @returns the logged errors, for assertions on the reason
 */
export async function expectRefusedSignIn(
  vendor: VendorServer,
  entry: CatalogEntry,
  induce: () => void,
): Promise<Error[]> {
  vendor.use(entry.vendor)
  const { adapter, made } = countingAdapter()
  const { client, log } = createApp({ providers: [providerFromEnv(entry, vendor)], adapter })
  const authorization = await vendor.authorize(locationOf(await startSignIn(client, entry.id)))
  induce()

  const response = await deliver(client, authorization)

  expectErrorRedirect(response, "signin", "OAuthCallbackError")
  expect(log.errors[0]?.name).toMatch(/^OAuth(CallbackError|ProfileParseError)$/)
  expect(made).toEqual([])
  expect(await client.session()).toBeNull()
  return log.errors
}
