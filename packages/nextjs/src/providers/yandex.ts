/**
 * Re-export of `@auth/core/providers/yandex`.
 *
 * @module next-auth/providers/yandex
 */
export * from "@auth/core/providers/yandex"
export { default } from "@auth/core/providers/yandex"
