// Core's `getAccessToken` suite with database sessions, run on PostgreSQL: PGlite always, a real
// server with DATABASE_URL; with our schema and with Auth.js's. Each test gets a fresh database
// or schema.
import { describeAccessTokensWithDatabase } from "../../core/test/support/access-token-suite.js"
import { backends } from "./backends.js"

for (const backend of backends) describeAccessTokensWithDatabase(backend)
