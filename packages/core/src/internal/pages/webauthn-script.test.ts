/**
 * The committed `webauthn-script.generated.ts` is what the generator makes from today's sources
 * and today's `@simplewebauthn/browser`: a change to either without regenerating fails here.
 */
import { readFile } from "node:fs/promises"
import { describe, expect, it } from "vitest"
import {
  GENERATED_PATH,
  generateWebAuthnPageScriptModule,
} from "../../../scripts/build-webauthn-page-script.mjs"

describe("webauthn-script.generated.ts", () => {
  it("matches a fresh generation (regenerate: pnpm --filter @auth/core generate:webauthn-script)", async () => {
    const committed = await readFile(GENERATED_PATH, "utf8")
    const fresh = await generateWebAuthnPageScriptModule()
    // Not `toBe`: the diff of two 12 kB one-line scripts says less than this message.
    expect(committed === fresh, "webauthn-script.generated.ts is stale: regenerate it").toBe(true)
  })
})
