/**
 * Defaults of the built-in e-mail providers, apart from `nodemailer-provider.ts` so that the
 * e-mail actions can read them without reaching the module that loads `nodemailer`.
 */

/** Sender of the built-in e-mail providers. */
export const DEFAULT_EMAIL_FROM = "Auth.js <no-reply@authjs.dev>"

/** Lifetime of a sign-in link of the built-in e-mail providers: one day. */
export const EMAIL_LINK_MAX_AGE_SECONDS = 24 * 60 * 60
