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

const processEnv = (): EnvObject =>
  (globalThis as { process?: { env?: EnvObject } }).process?.env ?? {}

const lookup = (name: string | symbol): string | undefined =>
  typeof name === "string" ? (kitEnv[name] ?? processEnv()[name]) : undefined

/**
 * The environment the auth config is completed from: the app's private dynamic env
 * (`$env/dynamic/private`), else the process's variables where the runtime has them (Node).
 * SvelteKit 3 puts only the variables declared in `src/env.ts` in the former, so the process's
 * are what let `AUTH_SECRET` set on the server work without declaring it; on the dev server,
 * the declared ones also carry the values of `.env` files. Read when core prepares a config
 * (once per config object), never copied per request.
 */
export const authEnv: EnvObject = new Proxy(Object.create(null) as EnvObject, {
  get: (_, name) => lookup(name),
  has: (_, name) => lookup(name) !== undefined,
  ownKeys: () =>
    [...new Set([...Object.keys(kitEnv), ...Object.keys(processEnv())])].filter(
      (name) => lookup(name) !== undefined,
    ),
  getOwnPropertyDescriptor: (_, name) => {
    const value = lookup(name)
    return value === undefined ? undefined : { value, enumerable: true, configurable: true }
  },
})
