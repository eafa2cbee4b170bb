/** The fields the `signIn` form action reads, and what it passes on to the provider. */
export interface SignInForm {
  /** The provider's id (field `providerId`); `undefined` sends the user to the sign-in page. */
  readonly providerId: string | undefined
  /** Where to go after signing in: `redirectTo`, else the older `callbackUrl`. */
  readonly redirectTo: string | undefined
  /** `false` when the field `redirect` is `"false"`: answer with the URL instead. */
  readonly redirect: boolean
  /** Fields prefixed `authorizationParams-`, prefix removed: the provider's query parameters. */
  readonly authorizationParams: URLSearchParams
  /** Every other field (`email`, `password`, …): the body core's sign-in gets. */
  readonly fields: URLSearchParams
}

/** The fields the `signOut` form action reads. */
export interface SignOutForm {
  readonly redirectTo: string | undefined
  readonly redirect: boolean
}

const AUTHORIZATION_PARAM = "authorizationParams-"

/** Fields that steer the action itself and are never sent on to core. */
const CONTROL_FIELDS = new Set(["providerId", "redirectTo", "redirect", "callbackUrl", "csrfToken"])

/**
 * Splits the sign-in form into what the action reads and what goes on: the form of Auth.js's
 * `<SignIn>` component. Files are ignored; a repeated field keeps its first value.
 */
export function parseSignInForm(form: FormData): SignInForm {
  const authorizationParams = new URLSearchParams()
  const fields = new URLSearchParams()
  for (const [name, value] of form) {
    if (typeof value !== "string" || CONTROL_FIELDS.has(name)) continue
    if (name.startsWith(AUTHORIZATION_PARAM)) {
      const param = name.slice(AUTHORIZATION_PARAM.length)
      if (param && !authorizationParams.has(param)) authorizationParams.set(param, value)
    } else if (!fields.has(name)) {
      fields.set(name, value)
    }
  }
  return {
    providerId: text(form, "providerId"),
    redirectTo: text(form, "redirectTo") ?? text(form, "callbackUrl"),
    redirect: text(form, "redirect") !== "false",
    authorizationParams,
    fields,
  }
}

/** Reads the sign-out form: `redirectTo` (or `callbackUrl`) and `redirect`. */
export function parseSignOutForm(form: FormData): SignOutForm {
  return {
    redirectTo: text(form, "redirectTo") ?? text(form, "callbackUrl"),
    redirect: text(form, "redirect") !== "false",
  }
}

/** A field's first value when it is non-empty text. */
function text(form: FormData, name: string): string | undefined {
  const value = form.get(name)
  return typeof value === "string" && value !== "" ? value : undefined
}
