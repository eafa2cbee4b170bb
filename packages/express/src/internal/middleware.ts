import { Auth } from "@auth/core"
import {
  AUTH_ROUTE_METHODS,
  attachClientAddress,
  invalidHostResponse,
  isPathUnder,
} from "@auth/core/server"
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express"
import { readRequestBody } from "./body.js"
import { type ExpressAuthConfig, prepare, prepareForMount } from "./config.js"
import { mountPath, requestURL, toWebRequest } from "./request.js"
import { refuseOversizedBody, rejectRequest, writeResponse } from "./response.js"

/**
 * An Express middleware that may answer asynchronously. `Locals` is what it promises the
 * handlers after it find in `res.locals` (Express infers it for the route).
 */
export type ExpressMiddleware<Locals extends Record<string, unknown> = Record<string, unknown>> = (
  req: ExpressRequest,
  res: ExpressResponse<unknown, Locals>,
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
 * - **Environment and startup checks**: `AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST` and the
 *   provider variables (`AUTH_GITHUB_ID`, …) are read from `process.env` when `ExpressAuth` is
 *   called, into a copy of `config` (the object you pass is never changed), and the result is
 *   checked then. A mistake (no secret, a provider without a client id…) is reported once, with
 *   its fix: with `NODE_ENV=production` it is thrown, so the app refuses to start; otherwise it is
 *   logged and the app keeps serving, its auth routes showing the configuration error page.
 * - **Bodies**: form, multipart and JSON bodies are parsed by core, so no body parser is needed;
 *   one already installed (`express.json()`, `express.urlencoded()`) works too. Bodies over
 *   64 KiB get `413` at once; the rest of the body (up to 8 MiB, as core does, for up to 5 s) is
 *   then read and dropped before the connection closes, so that the answer reaches the client,
 *   also through a proxy.
 * - **Origin**: `AUTH_URL`'s when set, whatever the request's headers say; else the socket's
 *   scheme and the `Host` header, a proxy's `Forwarded` or `X-Forwarded-Host` and
 *   `X-Forwarded-Proto` counting only when Express's `trust proxy` setting trusts it.
 *
 * Every request under the base path gets an answer: methods other than GET and POST get `405`
 * with `Allow`, a `Host` no URL can have `400`, and a failure no response describes goes to
 * `next(error)` (the app's error handler, else Express's 500 page), also after the body was
 * read. Only a client that closed its connection is left unanswered: nobody is there.
 *
 * @throws {AuthError} in production, the configuration mistake (see above)
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
  prepare(config)
  return async (req, res, next) => {
    let handled: boolean
    try {
      handled = await handle(req, res, config)
    } catch (error) {
      passOn(error, req, res, next)
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
  const prepared = prepareForMount(config, mountPath(req))
  const url = requestURL(req, prepared)
  // Mounted without a path, only requests under the base path are ours, whatever their Host.
  const pathname = url?.pathname ?? `${req.baseUrl}${req.path}`
  if (!isPathUnder(pathname, prepared.basePath)) return false
  if (!AUTH_ROUTE_METHODS.includes(req.method)) {
    rejectRequest(res, 405)
    return true
  }
  if (!url) {
    await writeResponse(invalidHostResponse(), res)
    return true
  }
  const body = req.method === "GET" ? undefined : await readRequestBody(req)
  if (body?.kind === "too-large") {
    refuseOversizedBody(req, res)
    return true
  }
  // The socket's peer: core decides whether it is a trusted proxy (`trustedProxies`).
  const request = attachClientAddress(toWebRequest(req, url, body), req.socket.remoteAddress)
  const response = await Auth(request, prepared.config)
  await writeResponse(response, res)
  return true
}

/**
 * Hands a failure to the app's error handler (else Express answers 500), whatever state the
 * request stream is in: Node marks a request destroyed once its body was read, so that state
 * says nothing about whether someone is waiting. Only a closed connection is left alone, and a
 * response already under way is cut off, since an error page can no longer replace it.
 */
function passOn(
  error: unknown,
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
): void {
  if (req.socket.destroyed) return
  if (res.headersSent) {
    res.destroy(error instanceof Error ? error : undefined)
    return
  }
  next(error)
}
