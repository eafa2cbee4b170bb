// Core's OAuth account-linking suite, run on PostgreSQL: PGlite always, a real server with
// DATABASE_URL. Each test gets a fresh database or schema.
import { describeOAuthAccountLinking } from "../../core/test/support/oauth-linking-suite.js"
import { backends } from "./backends.js"

for (const backend of backends) describeOAuthAccountLinking(backend)
