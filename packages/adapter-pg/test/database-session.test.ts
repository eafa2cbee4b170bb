// Core's database-session suite, run on PostgreSQL: PGlite always, a real server with DATABASE_URL.
import { describeDatabaseSessions } from "../../core/test/support/database-session-suite.js"
import { backends } from "./backends.js"

for (const backend of backends) describeDatabaseSessions(backend)
