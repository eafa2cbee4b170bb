/** One of the signed-in user's passkeys, as `GET <basePath>/passkeys` lists it. */
export interface PasskeyInfo {
  /** The credential id, as stored (base64): what `POST <basePath>/passkeys/remove` takes. */
  id: string
  /** `multiDevice` for a synced passkey, `singleDevice` for one bound to its authenticator. */
  deviceType: "singleDevice" | "multiDevice"
  /** Whether the passkey is backed up (synced). */
  backedUp: boolean
  /** How the browser reaches the authenticator: `internal`, `hybrid`, `usb`, … */
  transports: string[]
  /** When it was registered (ISO 8601), if the adapter stores it. */
  createdAt: string | null
  /** When it last signed in (ISO 8601), if the adapter stores it. */
  lastUsedAt: string | null
}
