import { callUserinfo, PLAYGROUND_ID_PROVIDER_ID } from "@auth/example-support"
import { AUTH_PLAYGROUND_ID_ISSUER } from "$app/env/private"
import { getAccessToken } from "../../auth"
import type { RequestHandler } from "./$types"

/**
 * Playground ID's userinfo with the signed-in user's access token, refreshed when it expires
 * (`getAccessToken`, which sets a JWT session's re-sealed cookie on `event.cookies`), as JSON:
 * the home page's "Call the provider's userinfo" button.
 */
export const GET: RequestHandler = async (event) => {
  const token = await getAccessToken(event, PLAYGROUND_ID_PROVIDER_ID)
  const { status, body } = await callUserinfo(token, AUTH_PLAYGROUND_ID_ISSUER)
  return Response.json(body, { status, headers: { "cache-control": "no-store" } })
}
