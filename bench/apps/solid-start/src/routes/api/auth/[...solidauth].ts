import { SolidAuth } from "@auth/solid-start"
import { config } from "~/config"

// Every auth route under /api/auth: the row `solid-start-route` loads GET /api/auth/session.
export const { GET, POST } = SolidAuth(config)
