import { redirect } from "@sveltejs/kit"
import type { Handle } from "@sveltejs/kit/hooks"
import { basePath } from "./auth"

/** The routes only signed-in users may open, by route id (their folder under `src/routes`). */
const PROTECTED = ["/protected"]

/**
 * Authorization by route, after the auth hook: a signed-out request for a protected route (or a
 * route below it) is sent to the sign-in page with a `callbackUrl` back (SvelteKit's 303), or
 * answered `401` when it asks for JSON (a `fetch` from a script, an API client).
 *
 * It decides on `event.route.id`, the route SvelteKit chose, never on `event.url.pathname`: the
 * raw path has other spellings of the same route (`/%70rotected` is `/protected` to SvelteKit's
 * router, which decodes the path before matching it).
 */
export const requireSignIn: Handle = async ({ event, resolve }) => {
  const route = event.route.id
  const isProtected =
    route !== null && PROTECTED.some((id) => route === id || route.startsWith(`${id}/`))
  if (isProtected && !(await event.locals.auth())) {
    if (wantsJson(event.request)) {
      return Response.json({ error: "Unauthorized" }, { status: 401 })
    }
    const callbackUrl = `${event.url.pathname}${event.url.search}`
    redirect(303, `${basePath}/signin?${new URLSearchParams({ callbackUrl })}`)
  }
  return resolve(event)
}

function wantsJson(request: Request): boolean {
  if (request.headers.get("x-requested-with")?.toLowerCase() === "xmlhttprequest") return true
  return (request.headers.get("accept") ?? "").trimStart().startsWith("application/json")
}
