/**
 * The element ids of the sign-in page's forms, assigned once per page so none repeats.
 *
 * Auth.js gives every e-mail and credentials submit button `id="submitButton"` and builds field
 * ids from names it does not check, so a page with two form providers repeats ids (invalid HTML;
 * `label for` and `getElementById` find the first). Here the ids Auth.js would use are kept
 * whenever they are unique: the first form's button stays `submitButton` (what
 * `querySelector("#submitButton")` found before), later ones are `submitButton-<provider id>`
 * (the WebAuthn spelling), and any id already taken gets a `-2`, `-3`… suffix.
 */
import { isFormProvider, type PageProvider } from "./page-provider.js"

/** The ids of one provider's form. */
export interface ProviderFormIds {
  /** The `id` of each visible field, by field name (`email` for the e-mail provider). */
  fields: ReadonlyMap<string, string>
  /** The `id` of the submit button. */
  submit: string
  /** The `id` of the `<form>` (WebAuthn only, as in Auth.js). */
  form?: string
  /** The field name that gets `autofocus`: the first visible field of the page. */
  autofocus?: string
}

/** Ids may not contain whitespace (HTML `id` attribute); a field named `"first name"` would break `label for`. */
function toIdToken(value: string): string {
  return value.replace(/\s+/g, "-")
}

/** Returns a function that hands out `preferred`, or `preferred-2`, `-3`… if it was handed out before. */
function createIdAllocator(): (preferred: string) => string {
  const taken = new Set<string>()
  return (preferred) => {
    let id = toIdToken(preferred)
    for (let n = 2; taken.has(id); n++) id = `${toIdToken(preferred)}-${n}`
    taken.add(id)
    return id
  }
}

/** The names of a form provider's fields that render as visible inputs, in order. */
function visibleFieldNames(provider: PageProvider): string[] {
  if (provider.type === "email") return ["email"]
  return Object.entries(provider.credentials ?? {})
    .filter(
      ([, config]) => !(typeof config.type === "string" && config.type.toLowerCase() === "hidden"),
    )
    .map(([name]) => name)
}

/** All field names of a form provider (hidden fields need ids for their labels too). */
function fieldNames(provider: PageProvider): string[] {
  return provider.type === "email" ? ["email"] : Object.keys(provider.credentials ?? {})
}

/**
 * Assigns the ids of every form on the sign-in page, in page order.
 *
 * @param providers the providers the page renders, in order
 * @returns one entry per provider, at the same index; `undefined` for OAuth/OIDC buttons
 */
export function assignFormIds(providers: readonly PageProvider[]): (ProviderFormIds | undefined)[] {
  const allocate = createIdAllocator()
  let submitButtonUsed = false
  let focused = false
  return providers.map((provider) => {
    if (!isFormProvider(provider)) return undefined
    const webauthn = provider.type === "webauthn"
    const form = webauthn ? allocate(`${provider.id}-form`) : undefined
    const fields = new Map(
      fieldNames(provider).map((name) => [
        name,
        allocate(`input-${name}-for-${provider.id}-provider`),
      ]),
    )
    const firstVisible = visibleFieldNames(provider)[0]
    const autofocus = !focused ? firstVisible : undefined
    if (autofocus !== undefined) focused = true
    const submit =
      webauthn || submitButtonUsed
        ? allocate(`submitButton-${provider.id}`)
        : allocate("submitButton")
    if (!webauthn) submitButtonUsed = true
    return { fields, submit, form, autofocus }
  })
}
