/**
 * The request event as SolidStart 1 (vinxi, h3 1) and 2 (Vite, h3 2) hand it to API routes,
 * middleware and server functions, as far as this package reads it. Written out structurally so
 * one package fits both majors, whose own types differ.
 */
import { getRequestEvent } from "solid-js/web"

/**
 * The headers of the response being built: SolidStart merges them into the answer (h3 2's
 * `Headers`, h3 1's proxy of Node's response headers).
 */
export interface ResponseHeadersLike {
  append(name: string, value: string): void
  get(name: string): string | null
  set(name: string, value: string): void
}

/**
 * A SolidStart request event: `APIEvent` in API routes, `FetchEvent` in middleware,
 * `getRequestEvent()` in server functions and while rendering.
 */
export interface SolidRequestEvent {
  /** The web `Request`. */
  readonly request: Request
  /** Request-scoped values (`App.RequestEventLocals`). */
  readonly locals: object
  /** The response being built (SolidStart 1: a stub; SolidStart 2: h3's `event.res`). */
  readonly response?: { readonly headers: ResponseHeadersLike }
  /** The h3 event: h3 1's (`node.req`) on SolidStart 1, h3 2's (`runtime.node.req`) on 2. */
  readonly nativeEvent?: unknown
}

/**
 * The event of the request being handled, from Solid's request context (server functions,
 * `query`s, rendering).
 *
 * @throws {Error} outside a request (at module load, in the browser, after an un-awaited hop)
 */
export function currentEvent(): SolidRequestEvent {
  const event = getRequestEvent() as SolidRequestEvent | undefined
  if (!event) {
    throw new Error(
      "@auth/solid-start: there is no request being handled here. Call this on the server while SolidStart handles a request (a server function, query, action, API route or middleware), or pass the event.",
    )
  }
  return event
}

/** The event of the request being handled, if that is `request`'s. */
export function eventOf(request: Request): SolidRequestEvent | undefined {
  const event = getRequestEvent() as SolidRequestEvent | undefined
  return event?.request === request ? event : undefined
}
