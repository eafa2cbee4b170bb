import { libraryConfig } from "../../scripts/tsup-library.js"

// Platform-neutral: Hono runs on Node, Bun, Deno and edge runtimes, and so does this package.
export default libraryConfig()
