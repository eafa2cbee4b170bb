/**
 * The home page's browser script (`browser/home.ts`: passkeys, sessions, linked accounts),
 * bundled with esbuild when the playground starts: the playground runs from its sources, with
 * no build step of its own, so the script is made where the server is and served from memory as
 * `/home.js`.
 */
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const ENTRY = fileURLToPath(new URL("./browser/home.ts", import.meta.url))

let bundled: Promise<string> | undefined

/**
 * The bundle of `browser/home.ts` with `@auth/core`'s browser client inside, made once per
 * process.
 *
 * @throws {Error} when esbuild cannot bundle it (a package it imports is not built)
 */
export function browserScript(): Promise<string> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = undefined
    throw error
  })
  return bundled
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    write: false,
    logLevel: "silent",
  })
  const [output] = result.outputFiles
  if (!output) throw new Error(`esbuild produced no output for ${ENTRY}.`)
  return output.text
}
