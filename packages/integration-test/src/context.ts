import type { HttpClient } from "./client.js"
import type { ContractAccount } from "./fixtures.js"

/** One running app, as the suites see it. */
export interface ContractContext {
  readonly basePath: string
  /** Who the suites sign in as. */
  readonly account: ContractAccount
  /** The server's origin; read it inside a test (the server starts in `beforeAll`). */
  readonly baseUrl: string
  /** Everything the app's logger recorded. */
  readonly logged: Error[]
  /**
   * The client address of each credentials sign-in, as `clientAddress(request)` in the
   * contract's `authorize` saw it (only for apps that run the contract's config in this process).
   */
  readonly clientAddresses: string[]
  /** A fresh client, with an empty cookie jar. */
  client(): HttpClient
}
