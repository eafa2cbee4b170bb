/**
 * Every error that `@auth/core` raises. Class names, `type` strings and `kind`s match Auth.js,
 * so `instanceof CredentialsSignin` and `error.type` keep working in applications.
 *
 * Only the types in {@link isClientError}'s set are ever shown to a browser; every other error
 * reaches the user as `Configuration` while the full cause goes to the logger.
 *
 * @module errors
 */

/** Every value of {@link AuthError.type}. */
export type ErrorType =
  | "AccessDenied"
  | "AdapterError"
  | "AuthError"
  | "CallbackRouteError"
  | "ErrorPageLoop"
  | "EventError"
  | "InvalidCallbackUrl"
  | "CredentialsSignin"
  | "InvalidEndpoints"
  | "InvalidCheck"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingSecret"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "SessionTokenError"
  | "OAuthSignInError"
  | "EmailSignInError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "InvalidProvider"
  | "UntrustedHost"
  | "Verification"
  | "MissingCSRF"
  | "AccountNotLinked"
  | "DuplicateConditionalUI"
  | "MissingWebAuthnAutocomplete"
  | "WebAuthnVerificationError"
  | "ExperimentalFeatureNotEnabled"
  | "RateLimited"
  | "RefreshAccessTokenError"

/** Which page an error sends the user to: the sign-in page or the error page. */
export type ErrorKind = "signIn" | "error"

type ErrorCause = Record<string, unknown> & { err?: Error }

/**
 * The base class of every error `@auth/core` raises.
 *
 * Constructed as `new AuthError(message)`, `new AuthError(message, { cause })`,
 * `new AuthError(error, details)` (the cause becomes `{ err: error, ...details }`) or
 * `new AuthError(message, details)` (the details become the cause; Auth.js drops them).
 */
export class AuthError extends Error {
  /** Identifies the error in logs and, for client-safe errors, in the `error` query parameter. */
  type: ErrorType
  /** Which page the user is sent to. */
  kind?: ErrorKind
  declare cause?: ErrorCause

  static type: ErrorType = "AuthError"
  static kind: ErrorKind = "error"

  constructor(message?: string | Error | ErrorOptions, details?: Record<string, unknown>) {
    if (message instanceof Error) {
      const cause = { err: message, ...(message.cause as object | undefined), ...details }
      super(undefined, { cause })
    } else if (typeof message === "string") {
      const cause = details && "cause" in details ? details.cause : details
      super(message, cause === undefined ? undefined : { cause })
    } else {
      super(undefined, message)
    }
    const ctor = new.target as typeof AuthError
    this.name = ctor.name
    this.type = ctor.type
    this.kind = ctor.kind
  }
}

/** Base class of the errors that send the user back to the sign-in page. */
export class SignInError extends AuthError {
  static override kind: ErrorKind = "signIn"
}

/** The `signIn` callback returned `false` or threw; the user sees the "Access Denied" page. */
export class AccessDenied extends AuthError {
  static override type: ErrorType = "AccessDenied"
}

/** A WebAuthn credential belongs to another user than the one signing in. */
export class AccountNotLinked extends SignInError {
  static override type: ErrorType = "AccountNotLinked"
}

/** An adapter method threw; the original error is the cause. */
export class AdapterError extends AuthError {
  static override type: ErrorType = "AdapterError"
}

/** A callback request failed for a reason that is not an `AuthError`; the cause names the provider. */
export class CallbackRouteError extends AuthError {
  static override type: ErrorType = "CallbackRouteError"
}

/**
 * Thrown from a credentials provider's `authorize` to reject a sign-in. The user is sent to
 * the sign-in page with `error=CredentialsSignin&code=<code>`. The code is placed in the URL:
 * never make it say which of the user name or the password was wrong.
 *
 * @example
 * class InvalidLogin extends CredentialsSignin { code = "invalid_login" }
 */
export class CredentialsSignin extends SignInError {
  static override type: ErrorType = "CredentialsSignin"
  /** Placed in the `code` query parameter of the sign-in page. */
  code = "credentials"
}

/** More than one WebAuthn provider enables conditional UI; only one may. */
export class DuplicateConditionalUI extends AuthError {
  static override type: ErrorType = "DuplicateConditionalUI"
}

/** Sending the verification e-mail failed. */
export class EmailSignInError extends SignInError {
  static override type: ErrorType = "EmailSignInError"
}

/** The error page itself requires a session, which would loop. */
export class ErrorPageLoop extends AuthError {
  static override type: ErrorType = "ErrorPageLoop"
}

/**
 * Too many attempts (a rate limit or a credentials lockout, see the `rateLimit` option): the
 * sign-in page with `error=RateLimited`, or `429` with `Retry-After` for a JSON request. Nothing
 * was written for the request. An addition beyond Auth.js.
 */
export class RateLimited extends SignInError {
  static override type: ErrorType = "RateLimited"
  /** When the limit lifts, in milliseconds since the epoch. */
  readonly retryAt: number

  constructor(message: string, retryAt: number, details?: Record<string, unknown>) {
    super(message, details)
    this.retryAt = retryAt
  }
}

/** An `events.*` handler threw; logged, never breaks the flow. */
export class EventError extends AuthError {
  static override type: ErrorType = "EventError"
}

/** An experimental feature is used without being enabled in `experimental`. */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override type: ErrorType = "ExperimentalFeatureNotEnabled"
}

/** A `callbackUrl` is not a valid http(s) URL. */
export class InvalidCallbackUrl extends AuthError {
  static override type: ErrorType = "InvalidCallbackUrl"
}

/** A state, PKCE, nonce or WebAuthn challenge check failed or its cookie is missing. */
export class InvalidCheck extends AuthError {
  static override type: ErrorType = "InvalidCheck"
}

/** An OAuth provider has neither an `issuer` nor the endpoint named in the message. */
export class InvalidEndpoints extends AuthError {
  static override type: ErrorType = "InvalidEndpoints"
}

/** The provider in the URL does not exist or does not support this action. */
export class InvalidProvider extends AuthError {
  static override type: ErrorType = "InvalidProvider"
}

/**
 * A JWT session could not be read: its token did not decode (tampered, expired, or encrypted
 * with another secret), or the `jwt` or `session` callback or a custom `jwt.encode` threw (the
 * cause). GET `/session` then answers `null` and deletes the session cookie, as Auth.js does.
 */
export class JWTSessionError extends AuthError {
  static override type: ErrorType = "JWTSessionError"
}

/** A feature that needs a database adapter is used without one. */
export class MissingAdapter extends AuthError {
  static override type: ErrorType = "MissingAdapter"
}

/** The adapter lacks methods a configured feature needs; the message lists them. */
export class MissingAdapterMethods extends AuthError {
  static override type: ErrorType = "MissingAdapterMethods"
}

/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends AuthError {
  static override type: ErrorType = "MissingAuthorize"
}

/** A state-changing POST came without a valid CSRF token. */
export class MissingCSRF extends SignInError {
  static override type: ErrorType = "MissingCSRF"
}

/** No secret is configured. */
export class MissingSecret extends AuthError {
  static override type: ErrorType = "MissingSecret"
}

/** Alias of {@link MissingSecret}, under the name the service description uses. */
export const MissingSecretError = MissingSecret

/** A WebAuthn provider with conditional UI has no form field with `autocomplete: "webauthn"`. */
export class MissingWebAuthnAutocomplete extends AuthError {
  static override type: ErrorType = "MissingWebAuthnAutocomplete"
}

/** The e-mail of an OAuth account belongs to another user and linking is not allowed. */
export class OAuthAccountNotLinked extends SignInError {
  static override type: ErrorType = "OAuthAccountNotLinked"
}

/** The OAuth provider answered the authorization request with an error. */
export class OAuthCallbackError extends SignInError {
  static override type: ErrorType = "OAuthCallbackError"
}

/** A provider's `profile` callback threw. */
export class OAuthProfileParseError extends AuthError {
  static override type: ErrorType = "OAuthProfileParseError"
}

/** Building the authorization request failed (for example, discovery failed). */
export class OAuthSignInError extends SignInError {
  static override type: ErrorType = "OAuthSignInError"
}

/**
 * Refreshing a provider's access token failed (`getAccessToken` of `@auth/core/server`): the
 * provider refused the refresh token (`invalid_grant`: revoked, expired, already used), could not
 * be reached or answered badly, or there was no refresh token to use. The stored tokens are left
 * as they were and the session is marked with `error: "RefreshAccessTokenError"`, the marker of
 * Auth.js's refresh-token guide; signing in with the provider again gets new tokens. `cause`
 * holds the underlying error (`err`), the `provider`, and the provider's OAuth `error` code when
 * it answered with one. Never shown to a browser (only the session's fixed marker is). An
 * addition beyond Auth.js.
 */
export class RefreshAccessTokenError extends AuthError {
  static override type: ErrorType = "RefreshAccessTokenError"
}

/** Reading a database session failed. */
export class SessionTokenError extends AuthError {
  static override type: ErrorType = "SessionTokenError"
}

/** Ending the session failed; the cookie is cleared anyway. */
export class SignOutError extends AuthError {
  static override type: ErrorType = "SignOutError"
}

/** The request names no known action, or a method the action does not accept. */
export class UnknownAction extends AuthError {
  static override type: ErrorType = "UnknownAction"
}

/** The session strategy cannot be used with the configured providers. */
export class UnsupportedStrategy extends AuthError {
  static override type: ErrorType = "UnsupportedStrategy"
}

/** The request's host is not trusted: set `trustHost: true` or `AUTH_TRUST_HOST=true`. */
export class UntrustedHost extends AuthError {
  static override type: ErrorType = "UntrustedHost"
}

/** The e-mail link is unknown, expired or already used. */
export class Verification extends AuthError {
  static override type: ErrorType = "Verification"
}

/** A WebAuthn response did not verify. */
export class WebAuthnVerificationError extends AuthError {
  static override type: ErrorType = "WebAuthnVerificationError"
}

const CLIENT_SAFE_TYPES: ReadonlySet<ErrorType> = new Set<ErrorType>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "OAuthSignInError",
  "EmailSignInError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
  "RateLimited",
])

/**
 * Tells whether an error may be shown to the user by its `type`. Every other error is shown
 * as `Configuration`, so no internal detail reaches a browser.
 */
export function isClientError(error: unknown): error is AuthError {
  return error instanceof AuthError && CLIENT_SAFE_TYPES.has(error.type)
}
