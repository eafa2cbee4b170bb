import { memoryBackend } from "./support/backend.js"
import { describeCredentialsDatabase } from "./support/credentials-database-suite.js"

describeCredentialsDatabase(memoryBackend)
