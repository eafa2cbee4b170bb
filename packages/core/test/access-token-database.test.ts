// `getAccessToken` with database sessions on core's in-memory adapter; `@auth/pg-adapter` runs
// the same suite on PGlite and PostgreSQL.
import { describeAccessTokensWithDatabase } from "./support/access-token-suite.js"
import { memoryBackend } from "./support/backend.js"

describeAccessTokensWithDatabase(memoryBackend)
