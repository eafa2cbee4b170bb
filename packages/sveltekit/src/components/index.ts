/**
 * `@auth/sveltekit/components`: `<SignIn>` and `<SignOut>` (Svelte 5), forms that post to the
 * app's `signIn` and `signOut` form actions.
 *
 * @example
 * <script lang="ts">
 *   import { SignIn, SignOut } from "@auth/sveltekit/components"
 *   let { data } = $props()
 * </script>
 *
 * {#if data.session}
 *   <SignOut />
 * {:else}
 *   <SignIn provider="github">
 *     {#snippet submitButton()}Sign in with GitHub{/snippet}
 *   </SignIn>
 * {/if}
 *
 * @module @auth/sveltekit/components
 */
import type { Component } from "svelte"
import type { SignInProps, SignOutProps } from "./props.js"
import SignInComponent from "./SignIn.svelte"
import SignOutComponent from "./SignOut.svelte"

export type { AuthFormOptions, SignInProps, SignOutProps } from "./props.js"

/** A form that signs in with `provider` through the `signIn` form action. */
export const SignIn = SignInComponent as unknown as Component<SignInProps>

/** A form that signs out through the `signOut` form action. */
export const SignOut = SignOutComponent as unknown as Component<SignOutProps>
