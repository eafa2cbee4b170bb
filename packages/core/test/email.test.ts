import { memoryBackend } from "./support/backend.js"
import { describeEmailFlow } from "./support/email-flow-suite.js"

describeEmailFlow(memoryBackend)
