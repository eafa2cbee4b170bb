// Core's e-mail sign-in suite on each published adapter with the tables its docs create; run by
// `documented-schema.test.ts` in a vitest of its own (see contract.run.ts).
import { describe } from "vitest"
import { describeEmailFlow } from "../../../core/test/support/email-flow-suite.js"
import { backendOf, documentedTargets } from "../adapters.js"

for (const target of documentedTargets) {
  describe(target.name, () => describeEmailFlow(backendOf(target)))
}
