import type { PageCredentialInput } from "./credential-input.js"

/** A provider as the sign-in page needs it. */
export interface PageProvider {
  id: string
  name: string
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn"
  /** Where the OAuth/OIDC and email forms post: `<basePath>/signin/<id>`. */
  signinUrl: string
  /** Where the credentials and WebAuthn forms post: `<basePath>/callback/<id>`. */
  callbackUrl: string
  style?: { logo?: string; brandColor?: string; bg?: string; text?: string }
  /** Credentials fields, or a WebAuthn provider's `formFields`. Without it neither is rendered. */
  credentials?: Record<string, PageCredentialInput>
  /**
   * WebAuthn only: offer the provider's passkeys in the browser's autofill of its form as soon
   * as the page loads (conditional UI). Only the first such provider on the page gets it.
   * @default false
   */
  enableConditionalUI?: boolean
}

/** Whether the provider renders a form with fields (e-mail, credentials, WebAuthn), not a button. */
export function isFormProvider(provider: PageProvider | undefined): boolean {
  return (
    provider?.type === "email" || provider?.type === "credentials" || provider?.type === "webauthn"
  )
}
