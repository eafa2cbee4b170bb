/**
 * The bench's baseline (bench/src/frameworks/solid-start.ts): `GET /api/auth/session` answered
 * by core's `Auth()` called directly, without @auth/solid-start, in this same app. Only in the
 * contract's mode (EXAMPLE_CONTRACT_BASE_PATH set), with the contract's config; else 404.
 */
import { Auth } from "@auth/core"
import { contractConfig } from "@auth/integration-test/fixtures"
import type { APIEvent } from "@solidjs/start/server"

const config = { ...contractConfig([]), basePath: "/api/auth" }

export async function GET(event: APIEvent) {
  if (!process.env.EXAMPLE_CONTRACT_BASE_PATH) return new Response(null, { status: 404 })
  const cookie = event.request.headers.get("cookie")
  const url = new URL("/api/auth/session", event.request.url)
  return Auth(new Request(url, { headers: cookie ? { cookie } : {} }), config)
}
