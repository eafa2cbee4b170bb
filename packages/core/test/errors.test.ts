import { describe, expect, it } from "vitest"
import * as errors from "../src/errors.js"

const CLIENT_SAFE = [
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
  // An addition beyond Auth.js: the sign-in page says "Too many attempts".
  "RateLimited",
]
const SIGN_IN_KIND = [
  "SignInError",
  "AccountNotLinked",
  "CredentialsSignin",
  "EmailSignInError",
  "MissingCSRF",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "OAuthSignInError",
  "RateLimited",
]

describe("error classes", () => {
  const classes = Object.entries(errors).filter(
    (entry): entry is [string, typeof errors.AuthError] =>
      typeof entry[1] === "function" && entry[1].prototype instanceof Error,
  )

  it("exports every Auth.js error class", () => {
    const names = classes.map(([name]) => name)
    for (const name of [
      "AuthError",
      "SignInError",
      "AccessDenied",
      "AccountNotLinked",
      "AdapterError",
      "CallbackRouteError",
      "CredentialsSignin",
      "DuplicateConditionalUI",
      "EmailSignInError",
      "ErrorPageLoop",
      "EventError",
      "ExperimentalFeatureNotEnabled",
      "InvalidCallbackUrl",
      "InvalidCheck",
      "InvalidEndpoints",
      "InvalidProvider",
      "JWTSessionError",
      "MissingAdapter",
      "MissingAdapterMethods",
      "MissingAuthorize",
      "MissingCSRF",
      "MissingSecret",
      "MissingWebAuthnAutocomplete",
      "OAuthAccountNotLinked",
      "OAuthCallbackError",
      "OAuthProfileParseError",
      "OAuthSignInError",
      "SessionTokenError",
      "SignOutError",
      "UnknownAction",
      "UnsupportedStrategy",
      "UntrustedHost",
      "Verification",
      "WebAuthnVerificationError",
    ]) {
      expect(names).toContain(name)
    }
    expect(errors.MissingSecretError).toBe(errors.MissingSecret)
  })

  it.each(classes)(
    "%s has name, type, kind and the client-safe flag of Auth.js",
    (name, ErrorClass) => {
      const error = new ErrorClass("something went wrong")
      expect(error).toBeInstanceOf(errors.AuthError)
      expect(error.name).toBe(name === "MissingSecretError" ? "MissingSecret" : name)
      const expectedType =
        name === "SignInError"
          ? "AuthError"
          : name === "MissingSecretError"
            ? "MissingSecret"
            : name
      expect(error.type).toBe(expectedType)
      expect(error.kind).toBe(SIGN_IN_KIND.includes(name) ? "signIn" : "error")
      expect(errors.isClientError(error)).toBe(CLIENT_SAFE.includes(expectedType))
      expect(error.message).toBe("something went wrong")
    },
  )

  it("keeps a cause from each constructor form", () => {
    const original = new Error("root")
    expect(new errors.AuthError(original, { provider: "x" }).cause).toEqual({
      err: original,
      provider: "x",
    })
    expect(new errors.AuthError("m", { cause: original }).cause).toBe(original)
    expect(new errors.AuthError("m", { provider: "x" }).cause).toEqual({ provider: "x" })
    expect(new errors.AuthError({ cause: { err: original } }).cause).toEqual({ err: original })
  })

  it("lets subclasses set their own CredentialsSignin code", () => {
    class InvalidLogin extends errors.CredentialsSignin {
      override code = "invalid_login"
    }
    const error = new InvalidLogin()
    expect(error.code).toBe("invalid_login")
    expect(error.type).toBe("CredentialsSignin")
    expect(error.name).toBe("InvalidLogin")
    expect(new errors.CredentialsSignin().code).toBe("credentials")
  })

  it("counts only AuthErrors of the safe types as client errors", () => {
    expect(errors.isClientError(new Error("x"))).toBe(false)
    expect(errors.isClientError({ type: "AccessDenied" })).toBe(false)
  })
})
