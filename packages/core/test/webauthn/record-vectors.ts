/**
 * Regenerates `vectors/*.json`: a fresh soft authenticator per case registers and authenticates
 * once (see `recordVector`). New keys and challenges every run, so every file changes. From the
 * repository root:
 *
 *     npx -y pnpm@10.34.8 dlx tsx@4.20.6 packages/core/test/webauthn/record-vectors.ts
 */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { recordVector, VECTOR_CASES, vectorFile } from "./vectors.js"

for (const vectorCase of VECTOR_CASES) {
  const file = vectorFile(vectorCase)
  writeFileSync(file, `${JSON.stringify(await recordVector(vectorCase), null, 2)}\n`)
  console.log(`wrote ${fileURLToPath(file)}`)
}
