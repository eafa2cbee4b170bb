/**
 * What the running SvelteKit app tells about its environment: the variables, whether it is
 * building, whether it is the dev server. The only module that imports `$env/*` and
 * `$app/environment`, so tests can stand in for them in one place.
 */

import type { EnvObject } from "@auth/core"
import { building, dev } from "$app/environment"
import { env as kitEnv } from "$env/dynamic/private"

/** Whether `vite build` is analysing or prerendering the app: no request is real then. */
export function isBuilding(): boolean {
  return building
}

/** Whether the app runs on the dev server (`vite dev`). */
export function isDevServer(): boolean {
  return dev
}

/**
 * The environment the auth config is completed from: the app's private dynamic env
 * (`$env/dynamic/private`), else the process's variables where the runtime has them (Node).
 * SvelteKit 3 puts only the variables declared in `src/env.ts` in the former, so the process's
 * are what let `AUTH_SECRET` set on the server work without declaring it; on the dev server,
 * the declared ones also carry the values of `.env` files. Variables are looked up when read
 * (core reads a handful by name), so nothing is copied per request.
 *
 * @param overrides values that win over both
 */
export function readEnv(overrides: EnvObject = {}): EnvObject {
  const processEnv = (globalThis as { process?: { env?: EnvObject } }).process?.env
  const lookup = (name: string): string | undefined =>
    Object.hasOwn(overrides, name)
      ? overrides[name]
      : (kitEnv[name] ?? (processEnv ? processEnv[name] : undefined))
  return new Proxy(Object.create(null) as EnvObject, {
    get: (_, name) => (typeof name === "string" ? lookup(name) : undefined),
    has: (_, name) => typeof name === "string" && lookup(name) !== undefined,
  })
}
