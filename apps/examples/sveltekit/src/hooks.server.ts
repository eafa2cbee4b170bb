import { sequence } from "@sveltejs/kit/hooks"
import { handle as authenticate } from "./auth"
import { requireSignIn } from "./protect"

export const handle = sequence(authenticate, requireSignIn)
