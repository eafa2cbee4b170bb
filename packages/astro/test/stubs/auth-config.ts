/** `auth:config` as the integration provides it: `auth.config`'s default export, and its options. */
import { testConfig } from "../support.js"

export default testConfig()

export const integrationOptions = { prefix: "/api/auth", injectEndpoints: true }
