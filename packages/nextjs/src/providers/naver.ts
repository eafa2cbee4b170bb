/**
 * Re-export of `@auth/core/providers/naver`.
 *
 * @module next-auth/providers/naver
 */
export * from "@auth/core/providers/naver"
export { default } from "@auth/core/providers/naver"
