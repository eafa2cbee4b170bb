/**
 * What the edge entries pull in: `src/session.ts` and `src/cookie.ts` bundled as an edge bundler
 * would (esbuild, platform neutral, `#…` imports resolved to their WebCrypto builds), read from
 * the metafile.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { build, type Metafile, type Plugin } from "esbuild"
import { describe, expect, it } from "vitest"

const CORE = new URL("../", import.meta.url)
const { imports } = JSON.parse(readFileSync(new URL("package.json", CORE), "utf8")) as {
  imports: Record<string, { default: string }>
}

/** `#jwe`, `#crypto`: the sources of their default (WebCrypto) builds. */
const webCryptoImports: Plugin = {
  name: "webcrypto-imports",
  setup(builder) {
    builder.onResolve({ filter: /^#/ }, ({ path }) => {
      const target = imports[path]?.default
      if (!target) return undefined
      const source = target.replace("./dist/", "./src/").replace(/\.js$/, ".ts")
      return { path: fileURLToPath(new URL(source, CORE)) }
    })
  },
}

async function metafileOf(entry: string): Promise<Metafile> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, CORE))],
    // Inputs are named relative to the package: `src/…`, `../../node_modules/…`.
    absWorkingDir: fileURLToPath(CORE),
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    metafile: true,
    logLevel: "silent",
    plugins: [webCryptoImports],
  })
  return result.metafile
}

/** Every module a bundle is made of, and every import it leaves to the runtime. */
function modulesOf(metafile: Metafile): string[] {
  const external = Object.values(metafile.outputs).flatMap(({ imports }) =>
    imports.map(({ path }) => path),
  )
  return [...Object.keys(metafile.inputs), ...external]
}

const HEAVY = [/preact/, /oauth4webapi/, /nodemailer/, /internal\/(pages|oauth|email)\//]

describe("@auth/core/session", () => {
  it("bundles without the pages, the OAuth client or the e-mail code", async () => {
    const modules = modulesOf(await metafileOf("src/session.ts"))
    expect(modules).toContain("src/internal/session/session.ts")
    expect(modules).toContain("src/internal/jwt/jwe.ts")
    expect(modules.filter((module) => HEAVY.some((pattern) => pattern.test(module)))).toEqual([])
  })

  it("uses no node: module in its WebCrypto build", async () => {
    const modules = modulesOf(await metafileOf("src/session.ts"))
    expect(modules.filter((module) => module.startsWith("node:"))).toEqual([])
  })
})

describe("@auth/core/cookie", () => {
  it("bundles the Set-Cookie parser alone, for the integrations' edge middleware", async () => {
    const modules = modulesOf(await metafileOf("src/cookie.ts"))
    expect(modules.sort()).toEqual([
      "src/cookie.ts",
      "src/internal/cookies/apply-set-cookies.ts",
      "src/internal/cookies/parse-set-cookie.ts",
    ])
  })
})

describe("the package root", () => {
  it("never reaches nodemailer, so it bundles for any platform", async () => {
    const modules = modulesOf(await metafileOf("src/index.ts"))
    expect(modules).toContain("src/internal/routing/handle.ts")
    expect(modules.filter((module) => /nodemailer/.test(module))).toEqual([])
  })
})
