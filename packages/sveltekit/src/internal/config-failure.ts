import { Auth, type AuthConfig } from "@auth/core"

/**
 * Configs core is known to refuse (no secret, no provider), one per base path, so that core
 * renders its configuration error for a request whose own config could not be made.
 */
const unusable = new Map<string, AuthConfig>()

/** Base paths remembered before new ones get a fresh config each time. */
const MAX_BASE_PATHS = 8

const SILENT = { error: () => {}, warn: () => {}, debug: () => {} }

/**
 * The answer to an auth request whose config function threw: core's configuration error, the
 * built-in error page (500) for page requests and `500` JSON for the rest, exactly as for a
 * config mistake core finds itself. Core is handed a config it refuses, with a silent logger:
 * the real cause was logged by the caller, and core's own complaint about that config would
 * only mislead.
 */
export function configFailureResponse(request: Request, basePath: string): Promise<Response> {
  let config = unusable.get(basePath)
  if (!config) {
    config = { providers: [], basePath, trustHost: true, logger: SILENT }
    if (unusable.size < MAX_BASE_PATHS) unusable.set(basePath, config)
  }
  return Auth(request, config)
}
