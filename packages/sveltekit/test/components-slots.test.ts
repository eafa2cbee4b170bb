import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { svelte } from "@sveltejs/vite-plugin-svelte"
import type { Component } from "svelte"
import { compile } from "svelte/compiler"
import { createServer, type ViteDevServer } from "vite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

// `<SignIn>` and `<SignOut>` as an app's dev server compiles and renders them (vite-plugin-svelte,
// server side), given their content by pages in Svelte 4 syntax (named slots) and in Svelte 5
// syntax (snippets). The pages are in `components-fixtures/`.

const packageDir = fileURLToPath(new URL("..", import.meta.url))
const fixture = (name: string) => `/test/components-fixtures/${name}.svelte`

type Render = (component: Component<never>, options?: { props?: object }) => { body: string }

let server: ViteDevServer
let render: Render

beforeAll(async () => {
  server = await createServer({
    root: packageDir,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    plugins: [svelte({ configFile: false })],
    resolve: {
      alias: [
        { find: "$app/forms", replacement: `${packageDir}test/components-fixtures/app-forms.ts` },
        { find: "$app/paths", replacement: `${packageDir}test/kit-stubs/paths.ts` },
      ],
    },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  // The renderer from the same module graph as the components, so they share Svelte's runtime.
  ;({ render } = (await server.ssrLoadModule("svelte/server")) as { render: Render })
})

afterAll(() => server?.close())

async function load(path: string): Promise<Component<never>> {
  return ((await server.ssrLoadModule(path)) as { default: Component<never> }).default
}

async function renderFixture(name: string, props: object = {}): Promise<string> {
  return render(await load(fixture(name)), { props }).body
}

/** The inner HTML of the form's submit button, without Svelte's hydration comments. */
function buttonContent(html: string): string | undefined {
  return /<button type="submit">(.*?)<\/button>/s
    .exec(html.replace(/<!--.*?-->/gs, ""))?.[1]
    ?.trim()
}

describe("pages in Svelte 4 syntax (named slots)", () => {
  it("are compiled in legacy mode, as an app written for Svelte 4 is", async () => {
    for (const name of ["LegacySignIn", "LegacySignOut"]) {
      const source = await readFile(`${packageDir}${fixture(name)}`, "utf8")
      expect(compile(source, { generate: "server" }).metadata.runes).toBe(false)
    }
  })

  it('<SignIn> renders slot="submitButton" in the button', async () => {
    const html = await renderFixture("LegacySignIn", { provider: "github" })
    expect(buttonContent(html)).toBe('<span slot="submitButton">Sign in with GitHub</span>')
    expect(html).not.toContain("Signin with github")
  })

  it('<SignIn> renders slot="credentials" for the credentials provider only', async () => {
    const credentials = await renderFixture("LegacySignIn", { provider: "credentials" })
    expect(credentials).toMatch(/<form[^>]*>.*<div slot="credentials">\s*<input name="username"/s)
    expect(await renderFixture("LegacySignIn", { provider: "github" })).not.toContain("username")
  })

  it('<SignIn> renders slot="email" instead of its e-mail field for an e-mail provider', async () => {
    const html = await renderFixture("LegacySignIn", { provider: "resend" })
    expect(html).toContain('<input name="email" type="email" class="own-email-field"/>')
    expect(html).not.toContain("email@example.com")
    expect(await renderFixture("LegacySignIn", { provider: "github" })).not.toContain("email")
  })

  it('<SignOut> renders slot="submitButton" in the button', async () => {
    const html = await renderFixture("LegacySignOut")
    expect(buttonContent(html)).toBe('<span slot="submitButton">Log out</span>')
  })

  it("content outside a named slot is an error that says where it goes", async () => {
    await expect(renderFixture("LegacyDefaultContent")).rejects.toThrow(
      /<SignIn> renders no content outside a named slot.*\{#snippet submitButton\(\)\}.*slot="submitButton"/,
    )
  })

  it("a slot the component does not have is an error that names its slots", async () => {
    await expect(renderFixture("LegacyUnknownSlot")).rejects.toThrow(
      '<SignOut> has no slot or snippet named "button". Its slots are "submitButton"',
    )
  })
})

describe("pages in Svelte 5 syntax (snippets)", () => {
  it("<SignIn> renders the submitButton, credentials and email snippets", async () => {
    const github = await renderFixture("SnippetSignIn", { provider: "github" })
    expect(buttonContent(github)).toBe('<span class="label">Continue with github</span>')
    expect(github).not.toContain("password")
    const credentials = await renderFixture("SnippetSignIn", { provider: "credentials" })
    expect(credentials).toContain('<input name="password" type="password" aria-label="Password"/>')
    const email = await renderFixture("SnippetSignIn", { provider: "nodemailer" })
    expect(email).toContain('class="snippet-email-field"')
    expect(email).not.toContain("email@example.com")
  })

  it("<SignOut> renders the submitButton snippet", async () => {
    const html = await renderFixture("SnippetSignOut")
    expect(buttonContent(html)).toBe('<span class="label">Leave</span>')
  })

  it("snippets passed as props render too", async () => {
    const html = await renderFixture("SnippetProps")
    expect(html).toContain("<b>GitHub, as a prop</b>")
    expect(html).toContain("<b>Sign out, as a prop</b>")
    expect(html).not.toMatch(/Signin with github|Sign Out/)
  })

  it('slot="submitButton" in a runes-mode page renders too', async () => {
    const html = await renderFixture("RunesSlotAttribute", { provider: "github" })
    expect(buttonContent(html)).toBe('<span slot="submitButton">Sign in, slot in runes mode</span>')
  })

  it("a snippet name the component does not have is an error", async () => {
    await expect(renderFixture("SnippetUnknownName")).rejects.toThrow(
      '<SignIn> has no slot or snippet named "button". Its slots are "credentials", "email", "submitButton"',
    )
  })
})

describe("without content", () => {
  it("the components render their own button labels and e-mail field", async () => {
    const signIn = await load("/src/components/SignIn.svelte")
    const signOut = await load("/src/components/SignOut.svelte")
    expect(buttonContent(render(signIn, { props: { provider: "github" } }).body)).toBe(
      "Signin with github",
    )
    const email = render(signIn, { props: { provider: "resend" } }).body
    expect(email).toContain('placeholder="email@example.com"')
    expect(buttonContent(email)).toBe("Signin with resend")
    expect(buttonContent(render(signOut).body)).toBe("Sign Out")
  })
})
