import type { ContractApp } from "@auth/integration-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startBuiltApp } from "./app-server.js"

// The components as a SvelteKit 2 app's production build compiles them from the built package
// (`dist/components/*.svelte`): the fixture's `components-legacy` page gives them their content
// in Svelte 4 syntax, `components-snippets` as snippets.

/** The inner HTML of each submit button in the page, without Svelte's hydration comments. */
function buttons(html: string): string[] {
  const bare = html.replace(/<!--.*?-->/gs, "")
  return [...bare.matchAll(/<button type="submit">(.*?)<\/button>/gs)].map(([, inner]) => inner!)
}

describe("<SignIn> and <SignOut> in the built SvelteKit 2 fixture", () => {
  let app: ContractApp | undefined
  beforeAll(async () => {
    app = await startBuiltApp("kit2", {})
  })
  afterAll(() => app?.close())

  const page = async (path: string) => {
    const response = await fetch(`${app!.baseUrl}${path}`)
    expect(response.status).toBe(200)
    return response.text()
  }

  it("renders named slots from a page in Svelte 4 syntax", async () => {
    const html = await page("/components-legacy")
    expect(buttons(html)).toEqual([
      '<span slot="submitButton">Sign in (named slot)</span>',
      '<span slot="submitButton">Sign out (named slot)</span>',
    ])
    expect(html).toContain('<div slot="credentials"><input name="username" aria-label="Username"/>')
  })

  it("renders snippets from a page in Svelte 5 syntax", async () => {
    const html = await page("/components-snippets")
    expect(buttons(html)).toEqual([
      "<span>Sign in (snippet)</span>",
      "<span>Sign out (snippet)</span>",
    ])
    expect(html).toContain('<input name="username" aria-label="Username"/>')
  })
})
