/**
 * `signIn` with a WebAuthn provider, next-auth/webauthn's steps: ask the server for options,
 * run the browser's ceremony, then POST its result to `/callback/<id>` like a credentials form.
 */
import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser"
import { isRecord, parseErrorBody } from "./parse.js"
import { postAction } from "./requests.js"
import { type ActionContext, actionPath, formOf, providerTypeOf, settleSignIn } from "./sign-in.js"
import type { SignInAuthorizationParams, SignInOptions, SignInResult } from "./types.js"

/** What a WebAuthn ceremony does: sign an existing user in, or register a new passkey. */
export type WebAuthnAction = "authenticate" | "register"

/**
 * The body of `GET <basePath>/webauthn-options/<id>`: the ceremony the server chose and its
 * options, as `@simplewebauthn/server` generated them.
 */
export type WebAuthnOptionsBody =
  | { action: "authenticate"; options: PublicKeyCredentialRequestOptionsJSON }
  | { action: "register"; options: PublicKeyCredentialCreationOptionsJSON }

/**
 * The `error` of a {@link SignInResult} when the browser's part failed (nothing was sent to
 * the callback):
 * - `"WebAuthnCancelled"`: the user closed the prompt, or it timed out (browsers report both as
 *   `NotAllowedError`, on purpose), or another ceremony replaced it (`AbortError`);
 * - `"WebAuthnUnsupported"`: this browser has no WebAuthn;
 * - `"WebAuthnError"`: any other failure of the authenticator or the browser (for instance a
 *   passkey already registered, or a relying party id that does not match the site); its `code`
 *   says which, and the error is logged.
 */
export type WebAuthnCeremonyError = "WebAuthnCancelled" | "WebAuthnUnsupported" | "WebAuthnError"

/** A ceremony that ran: what to post to the callback. */
type CeremonyOutcome =
  | {
      ok: true
      action: WebAuthnAction
      data: AuthenticationResponseJSON | RegistrationResponseJSON
    }
  | { ok: false; result: SignInResult }

/**
 * Signs in (or registers) with the WebAuthn provider `provider`.
 *
 * 1. `GET /providers`: failed → the error page; no or unknown provider → the sign-in page;
 *    a provider of another type → `TypeError`.
 * 2. `GET /webauthn-options/<id>?<fields>`: failed → logged, resolves `undefined`.
 * 3. The browser's ceremony: failed or cancelled → resolves with an error result (see
 *    {@link WebAuthnCeremonyError}), also with `redirect: true`.
 * 4. `POST /callback/<id>?<authorizationParams>` with `{ ...fields, action, data, csrfToken,
 *    callbackUrl }`; then as a credentials sign-in (navigate, or resolve with the result).
 *
 * @throws {TypeError} for a provider that is not a WebAuthn provider
 * @see https://www.w3.org/TR/webauthn-3/#sctn-api
 */
export async function webAuthnSignIn(
  context: ActionContext,
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  const { redirect = true, redirectTo, callbackUrl, ...fields } = options
  const target = redirectTo ?? callbackUrl ?? context.options.currentUrl()
  const type = await providerTypeOf(context, provider, target)
  if (provider === undefined || type === undefined) return undefined
  if (type !== "webauthn") {
    throw new TypeError(
      `Provider "${provider}" is not a WebAuthn provider (its type is "${type}"): sign in with the client's signIn instead.`,
    )
  }
  if (!browserSupportsWebAuthn()) return ceremonyFailure("WebAuthnUnsupported", undefined)
  const body = await fetchWebAuthnOptions(context, provider, fields)
  if (body === undefined) return undefined
  const ceremony = await runCeremony(context, body)
  if (!ceremony.ok) return ceremony.result
  const form = formOf(fields)
  form.set("action", ceremony.action)
  form.set("data", JSON.stringify(ceremony.data))
  form.set("csrfToken", await context.getCsrfToken())
  form.set("callbackUrl", target)
  const path = actionPath("callback", provider, authorizationParams)
  const response = await postAction(context.options, path, form)
  return settleSignIn(context, response, { target, redirect, changesSession: true })
}

/**
 * `GET <basePath>/webauthn-options/<id>` with the form fields as query parameters; the body, or
 * `undefined` (the cause logged) when the server did not answer with one.
 */
async function fetchWebAuthnOptions(
  context: ActionContext,
  provider: string,
  fields: Record<string, unknown>,
): Promise<WebAuthnOptionsBody | undefined> {
  const { apiUrl, fetch, logger } = context.options
  const query = formOf(fields).toString()
  const path = `webauthn-options/${encodeURIComponent(provider)}`
  try {
    const response = await fetch(`${apiUrl}/${path}${query ? `?${query}` : ""}`, {
      headers: { accept: "application/json" },
    })
    const json: unknown = await response.json().catch(() => undefined)
    const body = response.ok ? parseWebAuthnOptions(json) : undefined
    if (body === undefined) {
      const reason = parseErrorBody(json) ?? "no WebAuthn options"
      logger.error(new Error(`GET ${path} answered ${response.status}: ${reason}.`))
    }
    return body
  } catch (cause) {
    logger.error(new Error(`GET ${path} failed.`, { cause }))
    return undefined
  }
}

/** Runs the ceremony the server chose; a failure becomes an error result, never a throw. */
async function runCeremony(
  context: ActionContext,
  body: WebAuthnOptionsBody,
): Promise<CeremonyOutcome> {
  try {
    const data =
      body.action === "authenticate"
        ? await startAuthentication({ optionsJSON: body.options })
        : await startRegistration({ optionsJSON: body.options })
    return { ok: true, action: body.action, data }
  } catch (error) {
    const failure = classifyCeremonyError(error)
    if (failure.error === "WebAuthnError") context.options.logger.error(asError(error))
    return { ok: false, result: ceremonyFailure(failure.error, failure.code) }
  }
}

/**
 * What a rejected `startAuthentication` / `startRegistration` means for the user. The code is
 * `@simplewebauthn/browser`'s when it names the cause, else the DOMException's name.
 *
 * @see https://www.w3.org/TR/webauthn-3/#sctn-getAssertion (step 22: `NotAllowedError`)
 */
export function classifyCeremonyError(error: unknown): {
  error: Exclude<WebAuthnCeremonyError, "WebAuthnUnsupported">
  code: string | undefined
} {
  const name = error instanceof Error ? error.name : undefined
  const specific =
    error instanceof WebAuthnError && error.code !== "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY"
      ? error.code
      : undefined
  if (name === "NotAllowedError" || name === "AbortError") {
    return { error: "WebAuthnCancelled", code: name }
  }
  return { error: "WebAuthnError", code: specific ?? name }
}

/** The result of a sign-in that failed in the browser: status `0`, nothing was posted. */
function ceremonyFailure(error: WebAuthnCeremonyError, code: string | undefined): SignInResult {
  return { error, code, status: 0, ok: false, url: null }
}

/**
 * The options body, when it has a known `action` and options with a `challenge` (the rest is
 * `@simplewebauthn/browser`'s to check).
 */
export function parseWebAuthnOptions(body: unknown): WebAuthnOptionsBody | undefined {
  if (!isRecord(body) || !isRecord(body.options)) return undefined
  const { action, options } = body
  if (typeof options.challenge !== "string") return undefined
  if (action === "authenticate") {
    return { action, options: options as unknown as PublicKeyCredentialRequestOptionsJSON }
  }
  if (action === "register" && isRecord(options.user)) {
    return { action, options: options as unknown as PublicKeyCredentialCreationOptionsJSON }
  }
  return undefined
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}
