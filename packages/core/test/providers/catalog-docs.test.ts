/**
 * The generated provider documentation is in step with the provider modules: the table in
 * `docs/providers.md` and the id unions of `src/providers/provider-types.ts`.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import {
  catalogRows,
  DOCS_PATH,
  PROVIDER_TYPES_PATH,
  renderDocs,
  renderProviderTypes,
} from "../../scripts/generate-provider-catalog.js"
import { EMAIL_CATALOG } from "./catalog/email-vendors.js"
import { OAUTH_CATALOG } from "./catalog/index.js"

const REGENERATE = "pnpm exec tsx packages/core/scripts/generate-provider-catalog.ts"

describe("the generated provider catalog", async () => {
  const rows = await catalogRows()

  it(`docs/providers.md is up to date (else: ${REGENERATE})`, () => {
    expect(readFileSync(DOCS_PATH, "utf8")).toBe(renderDocs(rows))
  })

  it(`provider-types.ts lists every provider id (else: ${REGENERATE})`, () => {
    const current = readFileSync(PROVIDER_TYPES_PATH, "utf8")
    expect(current).toBe(renderProviderTypes(rows, current))
  })

  it("has a row for every provider, with the env variables each one reads", () => {
    expect(rows).toHaveLength(104)
    for (const entry of OAUTH_CATALOG) {
      const row = rows.find((candidate) => candidate.module === entry.module)
      expect(row?.id).toBe(entry.id)
      const prefix = `AUTH_${entry.id.toUpperCase().replace(/-/g, "_")}`
      expect(row?.env).toEqual(expect.arrayContaining([`${prefix}_ID`, `${prefix}_SECRET`]))
    }
    for (const entry of EMAIL_CATALOG) {
      const row = rows.find((candidate) => candidate.module === entry.module)
      expect(row?.env).toEqual([`AUTH_${entry.id.toUpperCase()}_KEY`])
      expect(row?.notes.join()).toContain("sends with `POST https://")
    }
  })
})
