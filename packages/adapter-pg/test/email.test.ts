// Core's email suite, run on PostgreSQL: PGlite always, a real server with DATABASE_URL.
import { describeEmailFlow } from "../../core/test/support/email-flow-suite.js"
import { backends } from "./backends.js"

for (const backend of backends) describeEmailFlow(backend)
