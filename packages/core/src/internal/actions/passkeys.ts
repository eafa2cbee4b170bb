import type { Adapter, AdapterAuthenticator, AdapterUser } from "../../adapters.js"
import { MissingAdapterMethods, MissingCSRF } from "../../errors.js"
import type { PasskeyInfo } from "../../types/passkeys.js"
import { type ActionResult, json, NO_STORE_HEADERS } from "../http/action-result.js"
import { type AuthContext, assertCsrf } from "../request/context.js"
import { transportsOf } from "../webauthn/provider.js"
import { sessionUserOf } from "./webauthn-options.js"

/** Why a passkey operation was refused, as the `error` of its JSON answer. */
export type PasskeyErrorCode =
  | "Unauthorized"
  | "MissingCSRF"
  | "PasskeyNotFound"
  | "LastSignInMethod"
  | "InvalidRequest"

/** What a passkey operation gives: the user's passkeys, or why it was refused. */
export type PasskeysOutcome =
  | { readonly passkeys: PasskeyInfo[]; readonly error?: undefined }
  | { readonly error: PasskeyErrorCode; readonly status: 400 | 401 | 403 | 404 | 409 }

const STATUS: Record<PasskeyErrorCode, 400 | 401 | 403 | 404 | 409> = {
  InvalidRequest: 400,
  Unauthorized: 401,
  MissingCSRF: 403,
  PasskeyNotFound: 404,
  LastSignInMethod: 409,
}

function refused(error: PasskeyErrorCode): PasskeysOutcome {
  return { error, status: STATUS[error] }
}

/**
 * `GET /passkeys`: the signed-in user's passkeys; `POST /passkeys/remove` (CSRF-checked,
 * `{ id }`): removes one, then lists the rest. Answered as JSON, never cached:
 * `200 { passkeys }`, or `{ error }` with 401 (signed out), 403 (`MissingCSRF`), 404 (no such
 * passkey of this user), 409 (`LastSignInMethod`) or 400.
 */
export async function passkeysAction(context: AuthContext): Promise<ActionResult> {
  const { method, providerId: operation } = context.request
  let outcome: PasskeysOutcome
  if (method === "GET" && operation === undefined) outcome = await listPasskeys(context)
  else if (method === "POST" && operation === "remove") {
    outcome = await removePasskey(context, context.request.body?.id)
  } else outcome = refused("InvalidRequest")
  return outcome.error
    ? json({ error: outcome.error }, { status: outcome.status, headers: NO_STORE_HEADERS })
    : json({ passkeys: outcome.passkeys }, { headers: NO_STORE_HEADERS })
}

/** The signed-in user's passkeys, newest first. */
export async function listPasskeys(context: AuthContext): Promise<PasskeysOutcome> {
  const adapter = passkeyAdapterOf(context)
  const signedIn = await sessionUserOf(context, adapter)
  if (!signedIn) return refused("Unauthorized")
  // Signed in as a user no adapter stores yet (a credentials user): no passkeys so far.
  if (!signedIn.exists) return { passkeys: [] }
  const { id } = signedIn.user as AdapterUser
  return { passkeys: toPasskeys(await adapter.listAuthenticatorsByUserId(id)) }
}

/**
 * Removes one of the signed-in user's passkeys (its authenticator and its account), unless it
 * is the user's last way to sign in: no other passkey, no linked account of another configured
 * provider (known only when the adapter has `listAccounts`), no e-mail sign-in for the user's
 * address, and no credentials provider.
 */
export async function removePasskey(context: AuthContext, id: unknown): Promise<PasskeysOutcome> {
  const adapter = passkeyAdapterOf(context)
  const signedIn = await sessionUserOf(context, adapter)
  if (!signedIn) return refused("Unauthorized")
  try {
    await assertCsrf(context)
  } catch (error) {
    if (error instanceof MissingCSRF) {
      context.config.logger.error(error)
      return refused("MissingCSRF")
    }
    throw error
  }
  if (typeof id !== "string" || id === "") return refused("InvalidRequest")
  if (!signedIn.exists) return refused("PasskeyNotFound")
  const user = signedIn.user as AdapterUser
  const authenticators = await adapter.listAuthenticatorsByUserId(user.id)
  const target = authenticators.find((authenticator) => authenticator.credentialID === id)
  if (!target) return refused("PasskeyNotFound")
  const rest = authenticators.filter((authenticator) => authenticator !== target)
  if (rest.length === 0 && !(await hasOtherSignIn(context, adapter, user, target))) {
    return refused("LastSignInMethod")
  }
  await adapter.deleteAuthenticator(target.credentialID)
  const provider = await webAuthnProviderOf(context, adapter, target)
  if (provider && adapter.unlinkAccount) {
    await adapter.unlinkAccount({ provider, providerAccountId: target.providerAccountId })
  }
  return { passkeys: toPasskeys(rest) }
}

type PasskeyAdapter = Required<
  Pick<
    Adapter,
    "listAuthenticatorsByUserId" | "deleteAuthenticator" | "getAccount" | "getUserByEmail"
  >
> &
  Adapter

/**
 * The adapter, with the methods passkey management needs.
 *
 * @throws {MissingAdapterMethods} when it has no `deleteAuthenticator` (Auth.js's adapters)
 */
function passkeyAdapterOf(context: AuthContext): PasskeyAdapter {
  const { adapter } = context.config
  if (
    !adapter?.listAuthenticatorsByUserId ||
    !adapter.deleteAuthenticator ||
    !adapter.getAccount ||
    !adapter.getUserByEmail
  ) {
    throw new MissingAdapterMethods(
      "Passkey management needs an adapter with listAuthenticatorsByUserId, deleteAuthenticator and getAccount (the memory adapter and @auth/pg-adapter have them).",
    )
  }
  return adapter as PasskeyAdapter
}

/** Whether the user can still sign in without any passkey. */
async function hasOtherSignIn(
  context: AuthContext,
  adapter: PasskeyAdapter,
  user: AdapterUser,
  removed: AdapterAuthenticator,
): Promise<boolean> {
  const { providers } = context.config
  if (providers.some((provider) => provider.type === "credentials")) return true
  if (user.email && providers.some((provider) => provider.type === "email")) return true
  if (!adapter.listAccounts) return false
  const configured = new Set(
    providers
      .filter((provider) => provider.type === "oauth" || provider.type === "oidc")
      .map((provider) => provider.id),
  )
  const accounts = await adapter.listAccounts(user.id)
  return accounts.some(
    (account) =>
      account.providerAccountId !== removed.providerAccountId && configured.has(account.provider),
  )
}

/** The WebAuthn provider an authenticator's account belongs to. */
async function webAuthnProviderOf(
  context: AuthContext,
  adapter: PasskeyAdapter,
  authenticator: AdapterAuthenticator,
): Promise<string | undefined> {
  for (const provider of context.config.providers) {
    if (provider.type !== "webauthn") continue
    const account = await adapter.getAccount(authenticator.providerAccountId, provider.id)
    if (account) return provider.id
  }
  return undefined
}

function toPasskeys(authenticators: readonly AdapterAuthenticator[]): PasskeyInfo[] {
  return authenticators
    .map(
      (authenticator): PasskeyInfo => ({
        id: authenticator.credentialID,
        deviceType:
          authenticator.credentialDeviceType === "multiDevice" ? "multiDevice" : "singleDevice",
        backedUp: authenticator.credentialBackedUp,
        transports: transportsOf(authenticator),
        createdAt: isoOf(authenticator.createdAt),
        lastUsedAt: isoOf(authenticator.lastUsedAt),
      }),
    )
    .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""))
}

function isoOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  return typeof value === "string" && value !== "" ? value : null
}
