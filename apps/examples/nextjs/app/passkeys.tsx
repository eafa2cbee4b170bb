"use client"
import type { SignInResponse } from "next-auth/react"
import { listPasskeys, type Passkey, removePasskey, signIn } from "next-auth/webauthn"
import { useEffect, useState } from "react"

/** What the list shows: the passkeys, or that they are on their way, or that they could not be read. */
type PasskeyList = readonly Passkey[] | "loading" | "unavailable"

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })

/**
 * The signed-in user's passkeys, in the browser with `next-auth/webauthn`: listed when the page
 * loads, added with `signIn("passkey", { action: "register" })`, removed with `removePasskey`.
 * The status line says how the last action went.
 */
export function Passkeys() {
  const [passkeys, setPasskeys] = useState<PasskeyList>("loading")
  const [status, setStatus] = useState("")
  // One request at a time: every button waits for the current one.
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let mounted = true
    void listPasskeys().then((result) => {
      if (!mounted) return
      if (result.ok) setPasskeys(result.passkeys)
      else {
        setPasskeys("unavailable")
        setStatus(listingFailure(result.error))
      }
    })
    return () => {
      mounted = false
    }
  }, [])

  async function run(task: () => Promise<void>) {
    setBusy(true)
    try {
      await task()
    } finally {
      setBusy(false)
    }
  }

  // Registers a passkey for the signed-in user in this browser, then shows the new list.
  const add = () =>
    run(async () => {
      setStatus("Waiting for your passkey…")
      const result = await signIn("passkey", { action: "register", redirect: false })
      if (!result?.ok) {
        setStatus(registrationFailure(result))
        return
      }
      setStatus("Passkey added.")
      const list = await listPasskeys()
      if (list.ok) setPasskeys(list.passkeys)
      else setStatus(listingFailure(list.error))
    })

  const remove = (id: string) =>
    run(async () => {
      const result = await removePasskey(id)
      if (result.ok) {
        setStatus("Passkey removed.")
        setPasskeys(result.passkeys)
        return
      }
      setStatus(removalFailure(result.error))
      // Gone already (another tab): show what is left.
      if (result.error === "PasskeyNotFound") {
        const list = await listPasskeys()
        if (list.ok) setPasskeys(list.passkeys)
      }
    })

  return (
    <section aria-labelledby="passkeys-heading" className="passkeys">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>Sign in with your device's screen lock or a security key instead of a password.</p>
      {passkeys === "loading" ? (
        <p>Loading your passkeys…</p>
      ) : passkeys === "unavailable" ? null : passkeys.length === 0 ? (
        <p>No passkeys yet.</p>
      ) : (
        <ul>
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <span>
                {passkey.deviceType === "multiDevice" ? "Synced passkey" : "Passkey on one device"}
                {" · Added "}
                <When iso={passkey.createdAt} />
                {" · Last used "}
                {passkey.lastUsedAt ? <When iso={passkey.lastUsedAt} /> : "never"}
              </span>{" "}
              <button type="button" disabled={busy} onClick={() => remove(passkey.id)}>
                Remove passkey
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status">{status}</p>
      <button type="button" disabled={busy} onClick={add}>
        Add a passkey
      </button>
    </section>
  )
}

function When({ iso }: { iso: string | null }) {
  if (iso === null) return "at an unknown time"
  return <time dateTime={iso}>{DATE_FORMAT.format(new Date(iso))}</time>
}

/** What a failed `signIn("passkey", { action: "register" })` means, for people. */
function registrationFailure(result: SignInResponse | undefined): string {
  if (result === undefined) return "Passkeys are not available right now. Try again later."
  switch (result.error) {
    case "WebAuthnCancelled":
      return "No passkey was added: the request was cancelled or timed out."
    case "WebAuthnUnsupported":
      return "This browser cannot create passkeys."
    case "WebAuthnError":
      return result.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"
        ? "This authenticator already holds a passkey for your account."
        : `No passkey was added: the browser reported ${result.code ?? "an error"}.`
    default:
      return result.error
        ? `The server did not accept the new passkey (${result.error}).`
        : "The server did not accept the new passkey."
  }
}

/** What a failed `listPasskeys()` means, for people. */
function listingFailure(error: string): string {
  return error === "Unauthorized"
    ? "Your session has ended: sign in again to see your passkeys."
    : `Your passkeys could not be loaded (${error}).`
}

/** What a refused `removePasskey` means, for people. */
function removalFailure(error: string): string {
  switch (error) {
    case "LastSignInMethod":
      return "This passkey is your only way to sign in, so it stays. Add another way first."
    case "PasskeyNotFound":
      return "That passkey was already removed."
    case "Unauthorized":
      return "Your session has ended: sign in again to manage your passkeys."
    default:
      return `The passkey could not be removed (${error}).`
  }
}
