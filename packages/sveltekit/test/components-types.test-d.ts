import { type ComponentProps, createRawSnippet, type Snippet } from "svelte"
import { render } from "svelte/server"
import { expectTypeOf, test } from "vitest"
import { SignIn, type SignInSlots, SignOut, type SignOutSlots } from "../src/components/index.js"

// svelte-check types `slot="…"` content with the `$$slot_def` of the instance a component's
// construct signature makes, and snippets with its props.

type SlotsOf<T> = T extends new (...args: never[]) => { $$slot_def: infer S } ? S : never

test("the named slots are those of Auth.js's components", () => {
  expectTypeOf<SlotsOf<typeof SignIn>>().toEqualTypeOf<SignInSlots>()
  expectTypeOf<keyof SignInSlots>().toEqualTypeOf<"credentials" | "email" | "submitButton">()
  expectTypeOf<SlotsOf<typeof SignOut>>().toEqualTypeOf<SignOutSlots>()
  expectTypeOf<keyof SignOutSlots>().toEqualTypeOf<"submitButton">()
})

test("they are Svelte 5 components whose snippets are props", () => {
  const label = createRawSnippet(() => ({ render: () => "<span>Sign in</span>" }))
  render(SignIn, { props: { provider: "github", submitButton: label } })
  render(SignOut, { props: { submitButton: label } })
  expectTypeOf<ComponentProps<typeof SignIn>["credentials"]>().toEqualTypeOf<Snippet | undefined>()
})
