/**
 * The signed-in user's passkeys: `GET <basePath>/passkeys` lists them, `POST
 * <basePath>/passkeys/remove` removes one. Expected refusals (signed out, last way to sign in)
 * are results, not throws.
 */
import { isRecord, nullableStringOf, parseErrorBody } from "./parse.js"
import type { ActionContext } from "./sign-in.js"

/** One passkey (WebAuthn credential) of the signed-in user, as the server lists it. */
export interface Passkey {
  /** The credential id: what {@link removePasskey} takes. */
  id: string
  /** The id of the WebAuthn provider it signs in with (`"passkey"`), when the server says. */
  provider?: string
  /** `"multiDevice"`: synced between devices (a passkey manager); `"singleDevice"`: bound to one authenticator. */
  deviceType: "singleDevice" | "multiDevice"
  /** Whether the authenticator reported it backed up. */
  backedUp: boolean
  /** How the browser may reach the authenticator (`"internal"`, `"hybrid"`, `"usb"`, …). */
  transports: string[]
  /** When it was registered (ISO 8601), if the adapter stores it. */
  createdAt: string | null
  /** When it last signed in (ISO 8601), if the adapter stores it. */
  lastUsedAt: string | null
}

/**
 * Why listing or removing failed:
 * - `"Unauthorized"` (401): nobody is signed in;
 * - `"PasskeyNotFound"` (404): the user has no passkey with that id;
 * - `"LastSignInMethod"` (409): it is the user's only way to sign in, so it stays;
 * - `"MissingCSRF"` (403): the CSRF token was missing or wrong;
 * - `"ClientFetchError"`: no answer, or not one from this server (logged; `status` `0` without
 *   an answer).
 * Any other `error` the server sends is passed on as is.
 */
export type PasskeysError =
  | "Unauthorized"
  | "PasskeyNotFound"
  | "LastSignInMethod"
  | "MissingCSRF"
  | "ClientFetchError"

/** The user's passkeys after the request, or why there are none to show. */
export type PasskeysResult =
  | { ok: true; passkeys: Passkey[] }
  | { ok: false; error: PasskeysError | (string & {}); status: number }

const DEVICE_TYPES: ReadonlySet<unknown> = new Set(["singleDevice", "multiDevice"])

/** `GET <basePath>/passkeys`: the signed-in user's passkeys. */
export async function listPasskeys(context: ActionContext): Promise<PasskeysResult> {
  const { apiUrl, fetch } = context.options
  return passkeysRequest(context, "GET passkeys", () =>
    fetch(`${apiUrl}/passkeys`, { headers: { accept: "application/json" } }),
  )
}

/**
 * `POST <basePath>/passkeys/remove` with JSON `{ csrfToken, id }`: removes the passkey `id` and
 * resolves with the ones left.
 */
export async function removePasskey(context: ActionContext, id: string): Promise<PasskeysResult> {
  const { apiUrl, fetch } = context.options
  const csrfToken = await context.getCsrfToken()
  return passkeysRequest(context, "POST passkeys/remove", () =>
    fetch(`${apiUrl}/passkeys/remove`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, id }),
    }),
  )
}

async function passkeysRequest(
  context: ActionContext,
  what: string,
  send: () => Promise<Response>,
): Promise<PasskeysResult> {
  const { logger } = context.options
  let response: Response
  try {
    response = await send()
  } catch (cause) {
    logger.error(new Error(`${what} failed.`, { cause }))
    return { ok: false, error: "ClientFetchError", status: 0 }
  }
  const body: unknown = await response.json().catch(() => undefined)
  const passkeys = response.ok ? parsePasskeys(body) : undefined
  if (passkeys !== undefined) return { ok: true, passkeys }
  const error = response.ok ? undefined : parseErrorBody(body)
  if (error === undefined) {
    logger.error(new Error(`${what} answered ${response.status} without a passkey list.`))
  }
  return { ok: false, error: error ?? "ClientFetchError", status: response.status }
}

/** The `passkeys` of a `{ passkeys: [...] }` body; `undefined` when any entry is malformed. */
export function parsePasskeys(body: unknown): Passkey[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.passkeys)) return undefined
  const passkeys: Passkey[] = []
  for (const entry of body.passkeys) {
    const passkey = parsePasskey(entry)
    if (passkey === undefined) return undefined
    passkeys.push(passkey)
  }
  return passkeys
}

function parsePasskey(entry: unknown): Passkey | undefined {
  if (!isRecord(entry)) return undefined
  const { id, provider, deviceType, backedUp, transports } = entry
  if (typeof id !== "string") return undefined
  if (provider !== undefined && typeof provider !== "string") return undefined
  if (!DEVICE_TYPES.has(deviceType) || typeof backedUp !== "boolean") return undefined
  if (!Array.isArray(transports) || !transports.every((t) => typeof t === "string")) {
    return undefined
  }
  const createdAt = nullableStringOf(entry.createdAt)
  const lastUsedAt = nullableStringOf(entry.lastUsedAt)
  if (createdAt === undefined || lastUsedAt === undefined) return undefined
  return {
    id,
    ...(provider === undefined ? {} : { provider }),
    deviceType: deviceType as Passkey["deviceType"],
    backedUp,
    transports: transports as string[],
    createdAt,
    lastUsedAt,
  }
}
