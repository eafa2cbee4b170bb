import type { SignInAuthorizationParams } from "@auth/core/client"
import type { Snippet } from "svelte"
import type { HTMLFormAttributes } from "svelte/elements"

/** Where a form action sends the user afterwards, as the components post it. */
export interface AuthFormOptions {
  /** Where to go after signing in or out. @default the page the form is on */
  redirectTo?: string
  /** `false` makes the action answer with `{ url }` instead of redirecting. @default true */
  redirect?: boolean
}

/** The props of {@link SignIn}; any other prop is an attribute of the `<form>`. */
export interface SignInProps extends Omit<HTMLFormAttributes, "action" | "method" | "class"> {
  /** The provider's id; empty sends the user to the sign-in page. @default "" */
  provider?: string
  /** The app route whose `default` action is `signIn`, relative to the base path. @default "signin" */
  signInPage?: string
  /** Classes added to `signInButton`. @default "" */
  className?: string
  /** `redirectTo` and `redirect`, sent as hidden fields (a `FormData` is read for them too). */
  options?: AuthFormOptions | FormData
  /** Query parameters for the provider's authorization request (OAuth, OIDC). */
  authorizationParams?: SignInAuthorizationParams
  /** The fields of a credentials provider (shown when `provider` is `"credentials"`). */
  credentials?: Snippet
  /** Replaces the e-mail field shown for e-mail providers. */
  email?: Snippet
  /** The button's content. @default "Signin with <provider>" */
  submitButton?: Snippet
}

/** A named slot's props (`let:`): none of the components' slots has any. */
type NoSlotProps = Record<string, never>

/**
 * The named slots of {@link SignIn}, for content in Svelte 4 syntax (`<span slot="submitButton">`),
 * each the same as the snippet of its name.
 */
export interface SignInSlots {
  credentials: NoSlotProps
  email: NoSlotProps
  submitButton: NoSlotProps
}

/** The named slot of {@link SignOut}, for content in Svelte 4 syntax: as the snippet. */
export interface SignOutSlots {
  submitButton: NoSlotProps
}

/** The props of {@link SignOut}; any other prop is an attribute of the `<form>`. */
export interface SignOutProps extends Omit<HTMLFormAttributes, "action" | "method" | "class"> {
  /** The app route whose `default` action is `signOut`, relative to the base path. @default "signout" */
  signOutPage?: string
  /** Classes added to `signOutButton`. @default "" */
  className?: string
  /** `redirectTo` and `redirect`, sent as hidden fields. */
  options?: AuthFormOptions
  /** The button's content. @default "Sign Out" */
  submitButton?: Snippet
}

/** `redirectTo` and `redirect` of the options, whichever form they came in. */
export function formOptions(options: AuthFormOptions | FormData | undefined): AuthFormOptions {
  if (!(options instanceof FormData)) return options ?? {}
  const redirectTo = options.get("redirectTo")
  return {
    ...(typeof redirectTo === "string" && { redirectTo }),
    ...(options.get("redirect") === "false" && { redirect: false }),
  }
}

/** The authorization parameters as name-value pairs, for hidden fields. */
export function authorizationParamPairs(
  params: SignInAuthorizationParams | undefined,
): [string, string][] {
  return params === undefined ? [] : [...new URLSearchParams(params)]
}

/** Provider ids that sign in with an e-mail link, for which the form shows an e-mail field. */
const EMAIL_PROVIDERS = new Set([
  "email",
  "nodemailer",
  "sendgrid",
  "resend",
  "postmark",
  "mailgun",
  "forwardemail",
])

/** Whether the form for `provider` asks for an e-mail address. */
export function isEmailProvider(provider: string): boolean {
  return EMAIL_PROVIDERS.has(provider)
}
