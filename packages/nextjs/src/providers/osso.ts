/**
 * Re-export of `@auth/core/providers/osso`.
 *
 * @module next-auth/providers/osso
 */
export * from "@auth/core/providers/osso"
export { default } from "@auth/core/providers/osso"
