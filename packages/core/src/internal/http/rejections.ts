/**
 * What the auth routes answer a request they refuse before any action runs: a `Host` no URL can
 * have, a method other than GET and POST, a body too large or of a type core does not read. The
 * answer is a JSON string message; an integration that refuses such a request itself, before
 * core sees it (Express reads the body, SvelteKit's form actions), says the same.
 */
import { jsonResponse } from "./respond.js"

/** The methods the auth routes serve: every action is a GET or a POST. */
export const AUTH_ROUTE_METHODS: readonly string[] = Object.freeze(["GET", "POST"])

const MESSAGES = {
  400: "Bad request.",
  405: "Method not allowed.",
  413: "Request body too large.",
  415: "Unsupported content type.",
} as const

/** A status the auth routes refuse a request with before any action runs. */
export type RejectionStatus = keyof typeof MESSAGES

/**
 * The message of a refusal with `status`; `"Bad request."` for any other 4xx.
 *
 * @example
 * rejectionMessage(413) // "Request body too large."
 */
export function rejectionMessage(status: number): string {
  return MESSAGES[status as RejectionStatus] ?? MESSAGES[400]
}

/**
 * The auth routes' answer to a request refused with `status`: the message as a JSON string, and
 * for `405` the methods allowed (`Allow`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6
 */
export function rejectionResponse(status: RejectionStatus): Response {
  const response = jsonResponse(rejectionMessage(status), status)
  if (status === 405) response.headers.set("Allow", AUTH_ROUTE_METHODS.join(", "))
  return response
}
