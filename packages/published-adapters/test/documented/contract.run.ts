// The adapter contract on each published adapter with the tables its docs create, as they are;
// run by `documented-schema.test.ts` in a vitest of its own, which checks that exactly the
// declared deviations fail (known-deviations.ts).
import { documentedTargets } from "../adapters.js"
import { describeContract } from "../contract-on.js"

for (const target of documentedTargets) describeContract(target)
