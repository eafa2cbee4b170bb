import { Auth } from "@auth/core"
import type { NextRequest } from "next/server.js"
import type { LoadConfig } from "./load-config.js"
import { requestUrlOf } from "./origin.js"
import { observeBody } from "./request-body.js"
import type { AppRouteHandlers } from "./types.js"

/**
 * The route handlers of `app/api/auth/[...nextauth]/route.ts`: every action of core, on the
 * app's origin (`AUTH_URL`, else the `Host` header: see `originOf`). A request without a valid
 * host gets `400`. `PUT`, `PATCH` and `DELETE` are there for routes that export them: core
 * answers `405` with `Allow: GET, POST` (Next.js's own `405`, for methods a route does not
 * export, has no `Allow`).
 */
export function createHandlers(load: LoadConfig): AppRouteHandlers {
  const handle = async (request: NextRequest): Promise<Response> => {
    const config = await load(request)
    const url = requestUrlOf(request, config, true)
    if (!url) return Response.json("Bad request.", { status: 400 })
    const observed = observeBody(request, url)
    const response = await Auth(observed.request, config.auth)
    // Node.js would keep the unread body on a kept-alive connection: close it instead.
    if (observed.bodyLeftUnread()) response.headers.set("Connection", "close")
    return response
  }
  return { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle }
}
