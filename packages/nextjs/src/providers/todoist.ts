/**
 * Re-export of `@auth/core/providers/todoist`.
 *
 * @module next-auth/providers/todoist
 */
export * from "@auth/core/providers/todoist"
export { default } from "@auth/core/providers/todoist"
