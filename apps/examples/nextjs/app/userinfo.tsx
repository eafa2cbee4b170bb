"use client"
import { type UserinfoView, userinfoCaller } from "@auth/example-support/account-view"
import { useEffect, useState } from "react"

/** One caller per page load: it remembers the last token, to say whether the next was refreshed. */
const callUserinfo = userinfoCaller("/userinfo")

/**
 * The "Call the provider's userinfo" button: calls `/userinfo` (app/userinfo/route.ts:
 * `getAccessToken`, then Playground ID's userinfo endpoint) and shows the claims, the token's
 * expiry and whether it was refreshed since the last call, or why there is nothing to show.
 */
export function Userinfo() {
  const [view, setView] = useState<UserinfoView | null>(null)
  // Disabled until hydrated: a press before that would do nothing.
  const [busy, setBusy] = useState(true)
  useEffect(() => setBusy(false), [])

  const call = async () => {
    setBusy(true)
    try {
      setView(await callUserinfo())
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="userinfo-heading">
      <h2 id="userinfo-heading">Playground ID userinfo</h2>
      <p>
        Signed in with Playground ID, the app calls its userinfo endpoint with your access token,
        which it refreshes when it expires (<code>getAccessToken</code>).
      </p>
      <button type="button" disabled={busy} onClick={() => void call()}>
        Call the provider's userinfo
      </button>
      <p role="status">{view?.message}</p>
      {view?.details.map((detail) => (
        <p key={detail}>{detail}</p>
      ))}
      {view?.claims && <pre>{view.claims}</pre>}
    </section>
  )
}
