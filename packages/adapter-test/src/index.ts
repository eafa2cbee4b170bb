/**
 * The contract suite every adapter must pass: each method of the adapter contract, the edge
 * cases core relies on, and behaviour under concurrent calls; and, when the adapter has them,
 * the additions beyond Auth.js's contract ({@link EXTENSION_METHODS}, authenticator timestamps,
 * the sessions' fields of session management).
 *
 * @module adapter-test
 */
import type { Adapter } from "@auth/core/adapters"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { describeAccountExtensions } from "./account-extensions.js"
import { describeAccounts } from "./accounts.js"
import { describeAuthenticatorExtensions } from "./authenticator-extensions.js"
import { describeAuthenticators } from "./authenticators.js"
import { describeConcurrency } from "./concurrency.js"
import { describeEdgeCases } from "./edge-cases.js"
import { CONTRACT_METHODS, type CompleteAdapter, type ContractContext } from "./fixtures.js"
import { describePing } from "./ping.js"
import { describeSessionExtensions } from "./session-extensions.js"
import { describeSessions } from "./sessions.js"
import { describeUsers } from "./users.js"
import { describeVerificationTokens } from "./verification-tokens.js"

/** How {@link runAdapterContract} creates, prepares and cleans up the adapter under test. */
export interface AdapterContractOptions {
  /** The suite's name in the test report, e.g. `"PostgresAdapter (PGlite)"`. */
  name: string
  /** Creates the adapter under test; called once, after `setup`. */
  adapter: () => Adapter | Promise<Adapter>
  /** Runs once before the suite: create the database, the schema, a connection pool. */
  setup?: () => Promise<void>
  /** Runs once after the suite: drop what `setup` created and close connections. */
  teardown?: () => Promise<void>
}

/**
 * Registers a vitest `describe` block that checks an adapter against the whole contract. Tests
 * create their own rows with unique keys, so a shared, non-empty database is fine; they never
 * clean up, so run the suite in a throwaway schema or database.
 *
 * @example
 * import { runAdapterContract } from "@auth/adapter-test"
 * import { MemoryAdapter } from "@auth/core/memory-adapter"
 *
 * runAdapterContract({ name: "MemoryAdapter", adapter: () => MemoryAdapter() })
 */
export function runAdapterContract(options: AdapterContractOptions): void {
  describe(`adapter contract: ${options.name}`, () => {
    let adapter: Adapter | undefined

    beforeAll(async () => {
      await options.setup?.()
      adapter = await options.adapter()
    })

    afterAll(async () => {
      await options.teardown?.()
    })

    const context: ContractContext = {
      adapter(): CompleteAdapter {
        if (adapter === undefined) throw new Error("The adapter was not created: see setup.")
        return adapter as CompleteAdapter
      },
    }

    it("implements every method of the contract", () => {
      const missing = CONTRACT_METHODS.filter(
        (method) => typeof context.adapter()[method] !== "function",
      )
      expect(missing).toEqual([])
    })

    describeUsers(context)
    describeAccounts(context)
    describeAccountExtensions(context)
    describeSessions(context)
    describeSessionExtensions(context)
    describeVerificationTokens(context)
    describeAuthenticators(context)
    describeAuthenticatorExtensions(context)
    describeEdgeCases(context)
    describeConcurrency(context)
    describePing(context)
  })
}

export { CONTRACT_METHODS, EXTENSION_METHODS } from "./fixtures.js"
