import { describeSessionManagement } from "../../core/test/support/session-management-suite.js"
import { backends } from "./backends.js"

// Database sessions listed and revoked through this adapter's listSessions and deleteSessions
// (and JWT sessions beside them), on PGlite and on PostgreSQL.
for (const backend of backends) describeSessionManagement({ backend })
