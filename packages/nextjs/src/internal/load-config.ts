import type { NextRequest } from "next/server.js"
import { type ResolvedNextAuthConfig, resolveNextAuthConfig } from "./config.js"
import type { NextAuthConfigSource } from "./types.js"

/** Gets the ready config for a request (`undefined` where there is none: `auth()`, actions). */
export type LoadConfig = (request: NextRequest | undefined) => Promise<ResolvedNextAuthConfig>

/**
 * Turns `NextAuth`'s argument into a loader. A config object is made ready on first use and
 * then reused; a function is called with the request each time (as next-auth does), and what
 * it returns is made ready once per returned object.
 */
export function configLoader(source: NextAuthConfigSource): LoadConfig {
  if (typeof source === "function") {
    return async (request) => resolveNextAuthConfig(await source(request))
  }
  return async () => resolveNextAuthConfig(source)
}
