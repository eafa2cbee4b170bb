// Account linking through the OAuth flow on core's in-memory adapter; `@auth/pg-adapter` runs
// the same suite on PGlite and PostgreSQL.
import { memoryBackend } from "../support/backend.js"
import { describeOAuthAccountLinking } from "../support/oauth-linking-suite.js"

describeOAuthAccountLinking(memoryBackend)
