/**
 * Re-export of `@auth/core/providers/vk`.
 *
 * @module next-auth/providers/vk
 */
export * from "@auth/core/providers/vk"
export { default } from "@auth/core/providers/vk"
