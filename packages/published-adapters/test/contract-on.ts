import { runAdapterContract } from "@auth/adapter-test"
import { describe } from "vitest"
import type { AdapterTarget, OpenedAdapter } from "./adapters.js"

/**
 * Registers the adapter contract on `target`: its database opened before the suite, dropped
 * after it; registered as skipped when the database is not on this machine.
 */
export function describeContract(target: AdapterTarget): void {
  describe.skipIf(target.skip)(target.name, () => {
    let opened: OpenedAdapter | undefined
    runAdapterContract({
      name: target.name,
      setup: async () => {
        opened = await target.open()
      },
      adapter: () => {
        if (opened === undefined) throw new Error("setup did not open the database.")
        return opened.adapter
      },
      teardown: async () => {
        await opened?.close()
      },
    })
  })
}
