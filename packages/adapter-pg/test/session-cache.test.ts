// Core's session-cache suite, run on PostgreSQL: PGlite always, a real server with DATABASE_URL.
import { describeSessionCache } from "../../core/test/support/session-cache-suite.js"
import { backends } from "./backends.js"

for (const backend of backends) describeSessionCache({ backend })
