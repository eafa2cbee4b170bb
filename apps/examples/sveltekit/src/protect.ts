import { redirect } from "@sveltejs/kit"
import type { Handle } from "@sveltejs/kit/hooks"
import { basePath } from "./auth"

/** The paths only signed-in users may open. */
const PROTECTED = ["/protected"]

/**
 * Authorization by path, after the auth hook: a signed-out request for a protected path is
 * sent to the sign-in page with a `callbackUrl` back (SvelteKit's 303), or answered `401` when
 * it asks for JSON (a `fetch` from a script, an API client).
 */
export const requireSignIn: Handle = async ({ event, resolve }) => {
  const { pathname } = event.url
  const isProtected = PROTECTED.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  if (isProtected && !(await event.locals.auth())) {
    if (wantsJson(event.request)) {
      return Response.json({ error: "Unauthorized" }, { status: 401 })
    }
    const callbackUrl = `${pathname}${event.url.search}`
    redirect(303, `${basePath}/signin?${new URLSearchParams({ callbackUrl })}`)
  }
  return resolve(event)
}

function wantsJson(request: Request): boolean {
  if (request.headers.get("x-requested-with")?.toLowerCase() === "xmlhttprequest") return true
  return (request.headers.get("accept") ?? "").trimStart().startsWith("application/json")
}
