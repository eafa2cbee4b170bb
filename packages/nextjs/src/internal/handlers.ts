import { Auth } from "@auth/core"
import { invalidHostResponse } from "@auth/core/server"
import type { NextRequest } from "next/server.js"
import { appURL, type LoadConfig } from "./config.js"
import type { AppRouteHandlers } from "./types.js"

/**
 * The route handlers of `app/api/auth/[...nextauth]/route.ts`: every action of core, on the
 * app's URL (`AUTH_URL`, else the `Host` header: see `appURL`). A request without a valid host
 * gets `400`. `PUT`, `PATCH` and `DELETE` are there for routes that export them: core answers
 * `405` with `Allow: GET, POST` (Next.js's own `405`, for methods a route does not export, has
 * no `Allow`).
 */
export function createHandlers(load: LoadConfig): AppRouteHandlers {
  const handle = async (request: NextRequest): Promise<Response> => {
    const config = await load(request)
    // Next.js hands route handlers `request.url` without its `basePath`, which the client sent.
    const { pathname, search } = new URL(request.url)
    const url = appURL(config, request.headers, `${config.nextBasePath}${pathname}${search}`)
    if (!url) return invalidHostResponse()
    // Core reads (and past its limit drops) the body itself; only the URL changes here.
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
    }
    if (request.body) Object.assign(init, { body: request.body, duplex: "half" })
    return Auth(new Request(url, init), config.prepared.config)
  }
  return { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle }
}
