/**
 * The named slots of `<SignIn>` and `<SignOut>`, as Auth.js's Svelte 4 components had them, and
 * the check that nothing passed to them goes unrendered.
 *
 * Svelte 5 hands content to a component in two shapes: a snippet (`{#snippet submitButton()}` in
 * the component's tags, or a `submitButton={…}` prop) and, from Svelte 4 syntax
 * (`<span slot="submitButton">`), a legacy slot that only a `<slot name="submitButton">` element
 * renders. `$$slots` names both: every slot and every snippet written in the component's tags,
 * with `default` for content outside a named slot.
 *
 * @module
 */

/** The slots of `<SignIn>`: the credentials fields, the e-mail field, the button's content. */
export const SIGN_IN_SLOTS: readonly string[] = ["credentials", "email", "submitButton"]

/** The slot of `<SignOut>`: the button's content. */
export const SIGN_OUT_SLOTS: readonly string[] = ["submitButton"]

/**
 * Throws when a component was given content it has no slot for, which Svelte would drop without
 * a word: content outside a named slot, or a slot or snippet under another name.
 *
 * @param component the component's name, for the message (`"SignIn"`)
 * @param given the component's `$$slots`: the names of the slots and snippets it was given
 * @param known the names of the slots it renders
 * @throws {Error} naming the content that would be dropped and where it belongs instead
 */
export function assertKnownSlots(
  component: string,
  given: Record<string, unknown>,
  known: readonly string[],
): void {
  const unknown = Object.keys(given).filter((name) => !known.includes(name))
  if (unknown.length === 0) return
  const slots = known.map((name) => `"${name}"`).join(", ")
  const example = known.at(-1) ?? "submitButton"
  if (unknown.includes("default"))
    throw new Error(
      `<${component}> renders no content outside a named slot. Put it in one of its slots (${slots}): ` +
        `{#snippet ${example}()}…{/snippet} in Svelte 5 syntax, <span slot="${example}">…</span> in Svelte 4 syntax.`,
    )
  throw new Error(
    `<${component}> has no slot or snippet named ${unknown.map((name) => `"${name}"`).join(", ")}. ` +
      `Its slots are ${slots}: rename the snippet or the slot="…" attribute.`,
  )
}
