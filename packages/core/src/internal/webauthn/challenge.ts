/**
 * The WebAuthn challenge cookie: the challenge a ceremony's options carried, and for a
 * registration the user it registers, sealed in a 15-minute cookie bound to the provider, with
 * Auth.js's name and nested payload (`{ value: <inner JWE>, provider }` around
 * `{ challenge, registerData? }`), so a ceremony started by Auth.js finishes here. A challenge
 * is used once: the callback clears the cookie, and the config's rate-limit store remembers
 * each challenge consumed, so replaying the same cookie and response is refused on every
 * instance sharing that store.
 *
 * @see https://www.w3.org/TR/webauthn-3/#sctn-cryptographic-challenges
 */
import { WebAuthnVerificationError } from "../../errors.js"
import type { Cookie } from "../../types/cookies.js"
import type { RateLimitStore } from "../../types/rate-limit.js"
import type { User } from "../../types/user.js"
import type { ResolvedCookies } from "../cookies/defaults.js"
import { decode, encode } from "../jwt/token.js"

/** How long a ceremony may take before its challenge cookie is gone: 15 minutes. */
export const CHALLENGE_MAX_AGE_SECONDS = 15 * 60

/** Key-derivation salt of the inner value (Auth.js's). */
const INNER_SALT = "encodedWebauthnChallenge"

/** What the challenge cookie remembers. */
export interface ChallengePayload {
  readonly challenge: string
  /** The user a registration is for: the signed-in user, or the new user's e-mail. */
  readonly registerData?: User | undefined
}

/** What sealing and opening the cookie needs to know about the request. */
export interface ChallengeScope {
  /** The secrets, newest first: the first encrypts, any decrypts. */
  readonly secrets: readonly string[]
  readonly cookies: ResolvedCookies
  /** The provider the cookie is bound to. */
  readonly providerId: string
  /** Where consumed challenges are remembered. */
  readonly store: RateLimitStore
}

/** The cookie that carries a ceremony's challenge to its callback. */
export async function sealChallenge(
  scope: ChallengeScope,
  payload: ChallengePayload,
): Promise<Cookie> {
  const { name, options } = scope.cookies.webauthnChallenge
  const secret = [...scope.secrets]
  const inner: Record<string, unknown> = { challenge: payload.challenge }
  if (payload.registerData) inner.registerData = payload.registerData
  const value = await encode({
    secret,
    token: inner,
    salt: INNER_SALT,
    maxAge: CHALLENGE_MAX_AGE_SECONDS,
  })
  const sealed = await encode({
    secret,
    token: { value, provider: scope.providerId },
    salt: name,
    maxAge: CHALLENGE_MAX_AGE_SECONDS,
  })
  return {
    name,
    value: sealed,
    options: { ...options, expires: new Date(Date.now() + CHALLENGE_MAX_AGE_SECONDS * 1000) },
  }
}

/**
 * Opens the request's challenge cookie and marks its challenge used.
 *
 * @throws {WebAuthnVerificationError} when the cookie is missing, does not decrypt, has expired,
 *   was set for another provider, or its challenge was already used
 */
export async function consumeChallenge(
  scope: ChallengeScope,
  requestCookies: Readonly<Record<string, string>>,
): Promise<ChallengePayload> {
  const { name } = scope.cookies.webauthnChallenge
  const sealed = requestCookies[name]
  if (!sealed) {
    throw new WebAuthnVerificationError(
      `The ${name} cookie is missing: the passkey prompt was opened more than 15 minutes ago, in another browser, or the cookie was blocked.`,
    )
  }
  const outer = await open(scope, sealed, name)
  if (outer.provider !== scope.providerId) {
    throw new WebAuthnVerificationError(
      `The ${name} cookie was set for another provider than "${scope.providerId}", which handles this callback.`,
    )
  }
  if (typeof outer.value !== "string") {
    throw new WebAuthnVerificationError(`The ${name} cookie has no value.`)
  }
  const inner = await open(scope, outer.value, INNER_SALT)
  if (typeof inner.challenge !== "string" || inner.challenge === "") {
    throw new WebAuthnVerificationError(`The ${name} cookie has no challenge.`)
  }
  const { count } = await scope.store.hit(
    `webauthn-challenge:${inner.challenge}`,
    CHALLENGE_MAX_AGE_SECONDS,
  )
  if (count > 1) {
    throw new WebAuthnVerificationError(
      "This passkey challenge was already used: a replayed request is refused.",
    )
  }
  const registerData = isObject(inner.registerData) ? (inner.registerData as User) : undefined
  return { challenge: inner.challenge, registerData }
}

/** The cookie that deletes the challenge cookie once the callback used it. */
export function clearChallenge(scope: Pick<ChallengeScope, "cookies">): Cookie {
  const { name, options } = scope.cookies.webauthnChallenge
  return { name, value: "", options: { ...options, maxAge: 0 } }
}

async function open(
  scope: ChallengeScope,
  token: string,
  salt: string,
): Promise<Record<string, unknown>> {
  let payload: Record<string, unknown> | null
  try {
    payload = await decode<Record<string, unknown>>({ secret: [...scope.secrets], token, salt })
  } catch (error) {
    throw new WebAuthnVerificationError(
      "The passkey challenge cookie could not be decrypted: it was altered, has expired or was made with another secret.",
      { cause: error },
    )
  }
  if (!isObject(payload)) {
    throw new WebAuthnVerificationError("The passkey challenge cookie is empty.")
  }
  return payload
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
