/**
 * Re-export of `@auth/core/providers/roblox`.
 *
 * @module next-auth/providers/roblox
 */
export * from "@auth/core/providers/roblox"
export { default } from "@auth/core/providers/roblox"
