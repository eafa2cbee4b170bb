/**
 * Re-export of `@auth/core/providers/huggingface`.
 *
 * @module next-auth/providers/huggingface
 */
export * from "@auth/core/providers/huggingface"
export { default } from "@auth/core/providers/huggingface"
