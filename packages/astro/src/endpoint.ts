/**
 * The auth endpoint the integration injects at `<prefix>/[...auth]`: every action, rendered on
 * demand, with `auth.config`. Not a public entry: the integration points Astro at this file.
 */
import { AstroAuth } from "./internal/handler.js"

export const prerender = false

export const { GET, POST, ALL } = AstroAuth()
