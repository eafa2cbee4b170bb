import type { RequestHandler } from "./$types"

/** The session as the server reads it (`locals.auth()`), as JSON: `null` when signed out. */
export const GET: RequestHandler = async ({ locals }) => Response.json(await locals.auth())
