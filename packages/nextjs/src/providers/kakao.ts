/**
 * Re-export of `@auth/core/providers/kakao`.
 *
 * @module next-auth/providers/kakao
 */
export * from "@auth/core/providers/kakao"
export { default } from "@auth/core/providers/kakao"
