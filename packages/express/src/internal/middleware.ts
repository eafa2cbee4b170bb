import { Auth } from "@auth/core"
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express"
import { readRequestBody } from "./body.js"
import { configFor, type ExpressAuthConfig } from "./config.js"
import { mountPath, requestOrigin, requestPath } from "./origin.js"
import { rejectRequest, writeResponse } from "./response.js"
import { toWebRequest } from "./web-request.js"

/** An Express middleware that may answer asynchronously. */
export type ExpressMiddleware = (
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
) => Promise<void>

/**
 * Serves every Auth.js action (`/signin`, `/callback/<provider>`, `/session`, `/csrf`, …) under
 * the path it is mounted at, on Express 4 and 5.
 *
 * - **Base path**: `config.basePath` if set, else the mount path (`req.baseUrl`), so
 *   `app.use("/api/v1/auth", ExpressAuth(config))` works as is, as do Auth.js's wildcard mounts
 *   (`"/auth/*"` on Express 4, `"/auth/*splat"` on Express 5). Mounted without a path
 *   (`app.use(ExpressAuth(config))`), the base path is `AUTH_URL`'s path or `/auth`, and requests
 *   outside it go on to `next()`.
 * - **Environment**: `AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST` and the provider variables
 *   (`AUTH_GITHUB_ID`, …) are read from `process.env` once, into a copy of `config`; the object
 *   you pass is never changed.
 * - **Bodies**: form, multipart and JSON bodies are parsed by core, so no body parser is needed;
 *   one already installed (`express.json()`, `express.urlencoded()`) works too. Bodies over
 *   64 KiB get `413` without being read further.
 * - **Origin**: the scheme is `req.protocol` and the host the `Host` header; `X-Forwarded-Proto`
 *   and `X-Forwarded-Host` count only from a proxy that Express's `trust proxy` setting trusts.
 *
 * The middleware ends every request it handles, and calls `next(error)` only for a failure no
 * response describes (the client aborting mid-body is not one: there is nobody to answer).
 *
 * @see https://authjs.dev/reference/express#expressauth
 * @example
 * import express from "express"
 * import { ExpressAuth } from "@auth/express"
 * import GitHub from "@auth/express/providers/github"
 *
 * const app = express()
 * app.set("trust proxy", "loopback") // only behind a proxy you run
 * app.use("/auth", ExpressAuth({ providers: [GitHub] }))
 */
export function ExpressAuth(config: ExpressAuthConfig): ExpressMiddleware {
  return async (req, res, next) => {
    let handled: boolean
    try {
      handled = await handle(req, res, config)
    } catch (error) {
      if (!req.destroyed) next(error)
      return
    }
    if (!handled) next()
  }
}

/** Answers the request; `false` when it is not under the base path and belongs to the app. */
async function handle(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
): Promise<boolean> {
  const authConfig = configFor(config, mountPath(req))
  const path = requestPath(req)
  // Mounted without a path, only requests under the base path are ours.
  if (path && !isUnder(new URL(path, "http://path.invalid").pathname, authConfig.basePath ?? "")) {
    return false
  }
  const origin = requestOrigin(req)
  if (!origin || !path) {
    rejectRequest(res, 400)
    return true
  }
  const url = new URL(`${origin}${path}`)

  const body =
    req.method === "GET" || req.method === "HEAD" ? undefined : await readRequestBody(req)
  if (body?.kind === "too-large") {
    rejectRequest(res, 413)
    return true
  }
  const response = await Auth(toWebRequest(req, url, body), authConfig)
  await writeResponse(response, res)
  return true
}

function isUnder(pathname: string, basePath: string): boolean {
  const base = basePath.replace(/\/+$/, "")
  return pathname === base || pathname.startsWith(`${base}/`)
}
