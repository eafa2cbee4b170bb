import type { LayoutServerLoad } from "./$types"

/** The session on every page (`page.data.session`), as the server sees it. */
export const load: LayoutServerLoad = async (event) => ({ session: await event.locals.auth() })
