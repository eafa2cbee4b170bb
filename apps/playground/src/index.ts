/**
 * The playground as a library, for the end-to-end tests: start it, read its URL, stop it.
 *
 * @module playground
 */

export { DEMO_USER } from "@auth/example-support/demo-user"
export { PLAYGROUND_ID_PROVIDER_ID } from "./auth-config.js"
export { playgroundOptionsFromEnv } from "./options.js"
export {
  DEFAULT_DATA_DIR,
  DEFAULT_PORT,
  type Playground,
  type PlaygroundOptions,
  startPlayground,
} from "./playground.js"
