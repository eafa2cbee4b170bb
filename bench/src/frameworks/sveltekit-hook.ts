/**
 * The hook's own cost: `GET /auth/session` with a JWT cookie through `@auth/sveltekit`'s
 * `handle`, against `Auth()` called directly with the same config, in one process. The package
 * is bundled with esbuild, SvelteKit's `$app/*` and `$env/*` modules standing in as SvelteKit
 * would provide them in production (not building, not the dev server, no `paths.base`); core is
 * left external, so both sides run the very same `@auth/core`.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "esbuild"
import { ORIGIN, SESSION_COOKIE, USER } from "../fixtures.js"
import { sessionCookie } from "../http.js"
import { CACHE_DIR, loadTarget } from "../targets.js"
import { jwtConfig, type Runner } from "../workloads.js"

/** What SvelteKit's modules say in a production server, as source for esbuild. */
const KIT_MODULES: Record<string, string> = {
  "$app/environment": "export const building = false; export const dev = false",
  "$env/dynamic/private": "export const env = {}",
  "$app/paths": "export const base = ''",
}

type Handle = (input: {
  event: unknown
  resolve: (event: unknown) => Promise<Response>
}) => Promise<Response>

/** Bundles `@auth/sveltekit` for Node into `.cache/`, with the SvelteKit modules above. */
async function loadIntegration(): Promise<{
  SvelteKitAuth(config: Record<string, unknown>): { handle: Handle }
}> {
  mkdirSync(CACHE_DIR, { recursive: true })
  const outfile = join(CACHE_DIR, "sveltekit-integration.mjs")
  await build({
    stdin: { contents: 'export * from "@auth/sveltekit"', resolveDir: CACHE_DIR, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    external: ["@auth/core", "@auth/core/*"],
    plugins: [
      {
        name: "sveltekit-modules",
        setup(plugin) {
          plugin.onResolve({ filter: /^\$(app|env)\// }, ({ path }) => ({ path, namespace: "kit" }))
          plugin.onLoad({ filter: /.*/, namespace: "kit" }, ({ path }) => ({
            contents: KIT_MODULES[path] ?? "export {}",
            loader: "js",
          }))
        },
      },
    ],
    outfile,
    logLevel: "error",
  })
  return import(pathToFileURL(outfile).href) as never
}

/** A `RequestEvent` for a request under `/auth`, which SvelteKit matched to no route. */
function authRouteEvent(request: Request): unknown {
  return { request, url: new URL(request.url), route: { id: null }, locals: {}, cookies: {} }
}

function sessionRequest(cookie: string): Request {
  return new Request(`${ORIGIN}/auth/session`, { headers: { cookie } })
}

/** Both sides of the row: the hook, and `Auth()` directly; each checked once before timing. */
export async function prepareHookWorkload(): Promise<[Runner, Runner]> {
  const ours = await loadTarget("ours")
  const config = jwtConfig(ours)
  const cookie = await sessionCookie()
  const { SvelteKitAuth } = await loadIntegration()
  const { handle } = SvelteKitAuth(config)
  const notTheApp = async (): Promise<Response> => {
    throw new Error("The hook passed an auth route on to the app.")
  }
  const viaHook = () =>
    handle({ event: authRouteEvent(sessionRequest(cookie)), resolve: notTheApp })
  const direct = () => ours.Auth(sessionRequest(cookie), config)
  return [runnerOf(viaHook, "the hook"), runnerOf(direct, "Auth()")]
}

function runnerOf(send: () => Promise<Response>, what: string): Runner {
  const op = async (): Promise<void> => {
    const response = await send()
    if (response.status !== 200) throw new Error(`${what}: GET /auth/session ${response.status}`)
    await response.text()
  }
  return {
    op,
    async verify() {
      const response = await send()
      const session = (await response.json()) as { user?: { email?: string } } | null
      if (session?.user?.email !== USER.email) throw new Error(`${what}: no session.`)
      const reissued = response.headers
        .getSetCookie()
        .some((c) => c.startsWith(`${SESSION_COOKIE}=`))
      if (!reissued) throw new Error(`${what}: the session cookie was not re-issued.`)
    },
  }
}
