// Core's credentials-database suite, run on PostgreSQL: PGlite always, a real server with DATABASE_URL.
import { describeCredentialsDatabase } from "../../core/test/support/credentials-database-suite.js"
import { backends } from "./backends.js"

for (const backend of backends) describeCredentialsDatabase(backend)
