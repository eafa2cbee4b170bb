import { callUserinfo, PLAYGROUND_ID_PROVIDER_ID } from "@auth/example-support"
import { getAccessToken } from "@/auth"

/**
 * Playground ID's userinfo with the signed-in user's access token, refreshed when it expires
 * (`getAccessToken`, which sets a JWT session's re-sealed cookie through `cookies()`), as JSON:
 * the home page's "Call the provider's userinfo" button.
 */
export async function GET(): Promise<Response> {
  const token = await getAccessToken(PLAYGROUND_ID_PROVIDER_ID)
  const { status, body } = await callUserinfo(token, process.env.AUTH_PLAYGROUND_ID_ISSUER)
  return Response.json(body, { status, headers: { "cache-control": "no-store" } })
}
