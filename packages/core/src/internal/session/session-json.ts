/** The one shape every server helper gives a session in: the JSON of `GET <basePath>/session`. */
import type { Session } from "../../types.js"

/**
 * A session as `GET <basePath>/session` sends it, and as Auth.js's server helpers returned it
 * (they parsed that response): dates as ISO strings, `undefined` fields left out, so it can be
 * handed to a page or a client component as is. An empty object, which a `session` callback may
 * give, is no session (`null`). The integrations' `auth()`, `locals.auth()`, `getSession()` and
 * friends all give this shape.
 *
 * @example
 * const { session } = await getSession(request, prepared.config)
 * return Response.json({ user: sessionAsJson(session)?.user ?? null })
 */
export function sessionAsJson(session: Session | null | undefined): Session | null {
  if (!session) return null
  const json: unknown = JSON.parse(JSON.stringify(session))
  const nonEmpty =
    typeof json === "object" &&
    json !== null &&
    !Array.isArray(json) &&
    Object.keys(json).length > 0
  return nonEmpty ? (json as Session) : null
}
