/**
 * Re-export of `@auth/core/providers/forwardemail`.
 *
 * @module next-auth/providers/forwardemail
 */
export * from "@auth/core/providers/forwardemail"
export { default } from "@auth/core/providers/forwardemail"
