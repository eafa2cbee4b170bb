/**
 * Re-export of `@auth/core/providers/osu`.
 *
 * @module next-auth/providers/osu
 */
export * from "@auth/core/providers/osu"
export { default } from "@auth/core/providers/osu"
