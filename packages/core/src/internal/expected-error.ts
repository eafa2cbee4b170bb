import { AuthError, CredentialsSignin, type ErrorType } from "../errors.js"

/**
 * Errors that report what a visitor did or what a provider answered (a wrong password, an
 * expired or reused e-mail link, a cancelled OAuth consent, a form without its CSRF token, a
 * path no action serves), not a fault of the app: the built-in logger gives each one line.
 */
const EXPECTED_TYPES: ReadonlySet<ErrorType> = new Set<ErrorType>([
  "AccessDenied",
  "AccountNotLinked",
  "CredentialsSignin",
  "MissingCSRF",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "UnknownAction",
  "Verification",
])

/** Longest provider-supplied text (`error_description`) copied into a log line. */
const MAX_DESCRIPTION_LENGTH = 200

/** A value that can go into a log line as is: no spaces, quotes or control characters. */
const PLAIN_VALUE = /^[\w.:/-]{1,100}$/

/**
 * The one-line summary of an expected client error: its message, then `code=` (the
 * `CredentialsSignin` code, or the provider's OAuth `error`, such as `access_denied`),
 * `provider=`, `description=` (the provider's `error_description`) and the cause's message when
 * there are any. `undefined` for every other error, and for an expected type that wraps an
 * exception (a `signIn` callback that threw): a real failure keeps its stack.
 *
 * Only these fields are copied: a cause may carry the OAuth `state` or other values that never
 * belong in a log.
 */
export function describeExpectedError(error: Error): string | undefined {
  if (!(error instanceof AuthError) || !EXPECTED_TYPES.has(error.type)) return undefined
  const cause: unknown = error.cause
  const details = isRecord(cause) ? cause : {}
  if (details.err instanceof Error) return undefined
  const fields: string[] = []
  const code = error instanceof CredentialsSignin ? error.code : details.error
  if (typeof code === "string") fields.push(`code=${quoteIfNeeded(code)}`)
  const provider = details.providerId ?? details.provider
  if (typeof provider === "string") fields.push(`provider=${quoteIfNeeded(provider)}`)
  const description = details.error_description
  if (typeof description === "string" && description !== "") {
    fields.push(`description=${JSON.stringify(description.slice(0, MAX_DESCRIPTION_LENGTH))}`)
  }
  if (cause instanceof Error)
    fields.push(`cause=${JSON.stringify(`${cause.name}: ${cause.message}`)}`)
  return [error.message.replace(/\s+/g, " ").trim(), ...fields].filter(Boolean).join(" ")
}

function quoteIfNeeded(value: string): string {
  return PLAIN_VALUE.test(value) ? value : JSON.stringify(value.slice(0, MAX_DESCRIPTION_LENGTH))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !(value instanceof Error)
}
