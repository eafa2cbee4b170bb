import { Auth } from "@auth/core"
import type { APIEvent } from "@solidjs/start/server"
import { basePath, config } from "~/config"

/**
 * The baseline of the SolidStart rows: `GET /api/auth/session` answered by core's `Auth()`
 * called directly, without @auth/solid-start, in this same app.
 */
export async function GET(event: APIEvent) {
  const cookie = event.request.headers.get("cookie")
  const url = new URL(`${basePath}/session`, event.request.url)
  return Auth(new Request(url, { headers: cookie ? { cookie } : {} }), config)
}
