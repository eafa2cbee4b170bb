/**
 * A `fetch` for the browser clients' tests: a fake auth server that answers by `METHOD path`
 * (the path under the base path) and records every request it gets.
 */

/** The answer of one route of {@link routedFetch}. */
export type Handler = (request: Request) => Response | Promise<Response>

/** A JSON response, as the auth routes answer. */
export const json = (body: unknown, status = 200) => Response.json(body, { status })

/**
 * A `fetch` that answers from `routes` (keyed `"GET /session"`, the path under `basePath`), and
 * `404` `{ error: "Not found" }` elsewhere; `requests` holds a copy of each request, in order, and
 * `find` the first to a method and path.
 */
export function routedFetch(basePath: string, routes: Record<string, Handler>) {
  const requests: Request[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    requests.push(request.clone())
    const path = new URL(request.url).pathname.slice(basePath.length)
    const handler = routes[`${request.method} ${path}`]
    return handler ? handler(request) : json({ error: "Not found" }, 404)
  }
  const find = (method: string, path: string) =>
    requests.find((r) => r.method === method && new URL(r.url).pathname === basePath + path)
  return { fetch, requests, find }
}
