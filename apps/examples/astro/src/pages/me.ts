import type { APIRoute } from "astro"

/** The session as the server reads it (`Astro.locals.session`), as JSON: `null` when signed out. */
export const GET: APIRoute = ({ locals }) => Response.json(locals.session)
