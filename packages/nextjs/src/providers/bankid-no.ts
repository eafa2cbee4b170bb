/**
 * Re-export of `@auth/core/providers/bankid-no`.
 *
 * @module next-auth/providers/bankid-no
 */
export * from "@auth/core/providers/bankid-no"
export { default } from "@auth/core/providers/bankid-no"
