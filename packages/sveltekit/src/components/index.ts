/**
 * `@auth/sveltekit/components`: `<SignIn>` and `<SignOut>` (Svelte 5), forms that post to the
 * app's `signIn` and `signOut` form actions. Their content comes as snippets or, in Svelte 4
 * syntax, as the named slots of Auth.js's components (`<span slot="submitButton">`).
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
import type { Component, ComponentConstructorOptions, SvelteComponent } from "svelte"
import type { SignInProps, SignInSlots, SignOutProps, SignOutSlots } from "./props.js"
import SignInSvelte from "./SignIn.svelte"
import SignOutSvelte from "./SignOut.svelte"

export type {
  AuthFormOptions,
  SignInProps,
  SignInSlots,
  SignOutProps,
  SignOutSlots,
} from "./props.js"

// The construct signatures are how svelte-check types `slot="…"` content given to a component
// (as svelte-package types a Svelte 5 component that has `<slot>`s); Svelte 5 calls the function.

/** The type of {@link SignIn}: a Svelte 5 component with the named slots of {@link SignInSlots}. */
export interface SignInComponent extends Component<SignInProps> {
  new (
    options: ComponentConstructorOptions<SignInProps>,
  ): SvelteComponent<SignInProps, Record<string, never>, SignInSlots>
}

/** The type of {@link SignOut}: a Svelte 5 component with the named slot of {@link SignOutSlots}. */
export interface SignOutComponent extends Component<SignOutProps> {
  new (
    options: ComponentConstructorOptions<SignOutProps>,
  ): SvelteComponent<SignOutProps, Record<string, never>, SignOutSlots>
}

/** A form that signs in with `provider` through the `signIn` form action. */
export const SignIn = SignInSvelte as unknown as SignInComponent

/** A form that signs out through the `signOut` form action. */
export const SignOut = SignOutSvelte as unknown as SignOutComponent
