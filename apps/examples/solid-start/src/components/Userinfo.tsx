import { type UserinfoView, userinfoCaller } from "@auth/example-support/account-view"
import { createSignal, For, onMount, Show } from "solid-js"

/**
 * The "Call the provider's userinfo" button: calls `/userinfo` (src/routes/userinfo.ts:
 * `getAccessToken`, then Playground ID's userinfo endpoint) and shows the claims, the token's
 * expiry and whether it was refreshed since the last call, or why there is nothing to show.
 */
export function Userinfo() {
  // It remembers the last token, to say whether the next one was refreshed.
  const callUserinfo = userinfoCaller("/userinfo")
  const [view, setView] = createSignal<UserinfoView | null>(null)
  // Disabled until hydrated: a press before that would do nothing.
  const [busy, setBusy] = createSignal(true)
  onMount(() => setBusy(false))

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
      <button type="button" disabled={busy()} onClick={() => void call()}>
        Call the provider's userinfo
      </button>
      <p role="status">{view()?.message}</p>
      <For each={view()?.details ?? []}>{(detail) => <p>{detail}</p>}</For>
      <Show when={view()?.claims}>{(claims) => <pre>{claims()}</pre>}</Show>
    </section>
  )
}
