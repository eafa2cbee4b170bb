import { memoryBackend } from "./support/backend.js"
import { describeDatabaseSessions } from "./support/database-session-suite.js"

describeDatabaseSessions(memoryBackend)
