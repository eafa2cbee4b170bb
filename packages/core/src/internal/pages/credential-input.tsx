import type { JSX } from "preact"

/** One field of a credentials or WebAuthn form, as configured on the provider. */
export interface PageCredentialInput {
  label?: string
  type?: string
  placeholder?: string
  value?: string
  [key: string]: unknown
}

/** Input types a sign-in field may use; anything else renders as `text`. */
const INPUT_TYPES = new Set([
  "text",
  "password",
  "email",
  "tel",
  "number",
  "url",
  "search",
  "date",
  "hidden",
])

function stringOption(config: PageCredentialInput, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = config[key]
    if (typeof value === "string") return value
    if (typeof value === "number" && Number.isFinite(value)) return String(value)
  }
  return undefined
}

function lengthOption(config: PageCredentialInput, ...keys: string[]): number | undefined {
  const value = stringOption(config, ...keys)
  return value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : undefined
}

/**
 * The attributes of a credential `<input>`, taken from a whitelist of its config.
 *
 * Auth.js spreads the whole config object onto the element, so any key (`onfocus`, `formaction`,
 * `label`) became an attribute. Only these are kept: `type`, `placeholder`, `value`, `required`,
 * `autocomplete`, `minlength`, `maxlength`, `pattern` and `inputmode` (camelCase spellings accepted).
 */
export function credentialInputAttributes(
  config: PageCredentialInput,
): JSX.InputHTMLAttributes<HTMLInputElement> {
  const type = typeof config.type === "string" ? config.type.toLowerCase() : "text"
  const required = config.required
  return {
    type: INPUT_TYPES.has(type) ? type : "text",
    placeholder: stringOption(config, "placeholder"),
    value: stringOption(config, "value"),
    required: required === true || required === "" || required === "required" || undefined,
    autocomplete: stringOption(config, "autocomplete", "autoComplete"),
    minlength: lengthOption(config, "minlength", "minLength"),
    maxlength: lengthOption(config, "maxlength", "maxLength"),
    pattern: stringOption(config, "pattern"),
    inputmode: stringOption(config, "inputmode", "inputMode"),
  }
}

/**
 * A labelled input of a credentials or WebAuthn form.
 *
 * `id` comes from `assignFormIds` (Auth.js's `input-<name>-for-<provider id>-provider` unless
 * that is taken); `autofocus` is set on the first field of the page only, never from config.
 */
export function CredentialField(props: {
  id: string
  name: string
  config: PageCredentialInput
  autofocus?: boolean
  formField?: boolean
}): JSX.Element {
  const { id, name, config, autofocus, formField } = props
  const label = typeof config.label === "string" && config.label !== "" ? config.label : name
  const attributes = credentialInputAttributes(config)
  // A WebAuthn field is needed to register, not to sign in with a discoverable passkey: the
  // page script checks it for registrations only, so the browser must not block the submit.
  const required = formField ? undefined : attributes.required
  const dataRequired = formField && attributes.required ? true : undefined
  return (
    <div>
      <label class="section-header" for={id}>
        {label}
      </label>
      <input
        name={name}
        id={id}
        data-form-field={formField ? true : undefined}
        data-required={dataRequired}
        {...attributes}
        required={required}
        autofocus={autofocus || undefined}
      />
    </div>
  )
}
