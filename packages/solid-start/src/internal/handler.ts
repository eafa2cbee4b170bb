import { Auth } from "@auth/core"
import { attachClientAddress, invalidHostResponse, type PreparedConfig } from "@auth/core/server"
import {
  type EventRequest,
  hasUnreadBody,
  peerAddressOf,
  requestOnUrl,
  requestURLOf,
} from "./request-url.js"

/** What the catch-all API route's `GET` and `POST` are given: SolidStart's `APIEvent`. */
export type AuthRouteEvent = EventRequest

/** A SolidStart API route handler. */
export type AuthRouteHandler = (event: AuthRouteEvent) => Promise<Response>

/**
 * The handler of the catch-all API route: every request goes to core, which answers the actions
 * under the base path and `400` for anything else. A `Host` no URL can have gets `400` here.
 */
export function createRouteHandler(prepared: PreparedConfig): AuthRouteHandler {
  return async (event) => {
    const url = requestURLOf(event, prepared)
    if (!url) return invalidHostResponse()
    const request = attachClientAddress(requestOnUrl(event.request, url), peerAddressOf(event))
    const response = await Auth(request, prepared.config)
    return hasUnreadBody(event) ? closingConnection(response) : response
  }
}

/**
 * The response with `Connection: close`: Node then closes the connection after it, instead of
 * waiting, paused, for the rest of a body nobody reads (the client's next request on that
 * connection would hang).
 */
function closingConnection(response: Response): Response {
  const closing = new Response(response.body, response)
  closing.headers.set("connection", "close")
  return closing
}
