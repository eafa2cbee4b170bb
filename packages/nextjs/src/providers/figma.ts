/**
 * Re-export of `@auth/core/providers/figma`.
 *
 * @module next-auth/providers/figma
 */
export * from "@auth/core/providers/figma"
export { default } from "@auth/core/providers/figma"
