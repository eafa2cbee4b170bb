import { readMailbox } from "@auth/example-support"
import type { PageServerLoad } from "./$types"

export const load: PageServerLoad = async () => ({ messages: await readMailbox() })
