import type { RequestHandler } from "./$types"

/**
 * `/protected` for API clients (requests that prefer HTML get the page): the session as JSON.
 * Signed-out requests never get here (see src/protect.ts).
 */
export const GET: RequestHandler = async ({ locals }) => Response.json(await locals.auth())
