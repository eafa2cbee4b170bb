/**
 * Re-export of `@auth/core/providers/strava`.
 *
 * @module next-auth/providers/strava
 */
export * from "@auth/core/providers/strava"
export { default } from "@auth/core/providers/strava"
