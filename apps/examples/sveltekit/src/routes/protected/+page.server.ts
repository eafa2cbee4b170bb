import { error } from "@sveltejs/kit"
import type { PageServerLoad } from "./$types"

// Signed-out visitors never get here: `requireSignIn` (src/protect.ts) sent them to sign in.
export const load: PageServerLoad = async ({ locals }) => {
  const session = await locals.auth()
  if (!session?.user) error(401, "Sign in to see this page.")
  return { user: session.user }
}
