import { SolidAuth } from "@auth/solid-start"
import { config } from "./config"

export const { auth, authMiddleware } = SolidAuth(config)
