import {
  deviceName,
  errorMessage,
  formatTime,
  linkedAccounts,
  providerName,
  revokedMessage,
  sessionsInOrder,
} from "@auth/example-support/account-view"
import {
  type AccountInfo,
  listAccounts,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionInfo,
  unlinkAccount,
} from "@auth/solid-start/client"
import { createSignal, For, Match, onMount, Show, Switch } from "solid-js"

/** What a list shows: its entries, or that they are on their way, or that they could not be read. */
type Loaded<T> = readonly T[] | "loading" | "unavailable"

/** One request at a time per section: every button waits for the current one. */
function createBusy() {
  const [busy, setBusy] = createSignal(false)
  async function run(task: () => Promise<void>) {
    setBusy(true)
    try {
      await task()
    } finally {
      setBusy(false)
    }
  }
  return [busy, run] as const
}

/** The entries of a loaded list; `undefined` while loading or when it could not be read. */
function entriesOf<T>(list: Loaded<T>): readonly T[] | undefined {
  return typeof list === "string" ? undefined : list
}

/**
 * The signed-in user's sessions, in the browser with `@auth/solid-start/client`: listed once
 * the page runs (`listSessions()`), this browser's marked "This device"; "Sign out this device"
 * on the others (`revokeSession(id)`) and "Sign out everywhere else" (`revokeOtherSessions()`).
 * The status line says how the last action went.
 */
export function Sessions() {
  const [sessions, setSessions] = createSignal<Loaded<SessionInfo>>("loading")
  const [status, setStatus] = createSignal("")
  const [busy, run] = createBusy()
  const hasOthers = () => entriesOf(sessions())?.some((session) => !session.current) ?? false

  async function reload() {
    const result = await listSessions()
    if (result.ok) {
      setSessions(sessionsInOrder(result.sessions))
      return
    }
    if (sessions() === "loading") setSessions("unavailable")
    setStatus(errorMessage(result.error))
  }

  onMount(() => void reload())

  const revoke = (id: string) =>
    run(async () => {
      const result = await revokeSession(id)
      setStatus(result.ok ? "Signed out that device." : errorMessage(result.error))
      await reload()
    })

  const revokeOthers = () =>
    run(async () => {
      const result = await revokeOtherSessions()
      setStatus(result.ok ? revokedMessage(result.revoked) : errorMessage(result.error))
      await reload()
    })

  return (
    <section class="sessions" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Your sessions</h2>
      <p>Where you are signed in. Sign out a device you no longer use or do not recognise.</p>
      <Switch>
        <Match when={sessions() === "loading"}>
          <p>Loading your sessions…</p>
        </Match>
        <Match when={entriesOf(sessions())}>
          {(list) => (
            <ul>
              <For each={list()}>
                {(session) => (
                  <li>
                    <span>
                      <strong>{deviceName(session.userAgent)}</strong>
                      {session.current ? " · This device" : ""}
                      {" · Last used "}
                      <When iso={session.lastUsedAt ?? session.createdAt} />
                      {session.ip ? ` · ${session.ip}` : ""}
                    </span>{" "}
                    <Show when={!session.current}>
                      <button type="button" disabled={busy()} onClick={() => revoke(session.id)}>
                        Sign out this device
                      </button>
                    </Show>
                  </li>
                )}
              </For>
            </ul>
          )}
        </Match>
      </Switch>
      <p role="status">{status()}</p>
      <Show when={hasOthers()}>
        <button type="button" disabled={busy()} onClick={revokeOthers}>
          Sign out everywhere else
        </button>
      </Show>
    </section>
  )
}

/**
 * The signed-in user's linked accounts, in the browser with `@auth/solid-start/client`: listed
 * once the page runs (`listAccounts()`), each with "Unlink" (`unlinkAccount(provider, id)`). The
 * server keeps the last way to sign in, and the status line says so.
 */
export function LinkedAccounts() {
  const [accounts, setAccounts] = createSignal<Loaded<AccountInfo>>("loading")
  const [status, setStatus] = createSignal("")
  const [busy, run] = createBusy()

  async function reload() {
    const result = await listAccounts()
    if (result.ok) {
      setAccounts(linkedAccounts(result.accounts))
      return
    }
    if (accounts() === "loading") setAccounts("unavailable")
    setStatus(errorMessage(result.error))
  }

  onMount(() => void reload())

  const unlink = (account: AccountInfo) =>
    run(async () => {
      const result = await unlinkAccount(account.provider, account.providerAccountId)
      if (result.ok) {
        setStatus(`${providerName(account.provider)} unlinked.`)
        setAccounts(linkedAccounts(result.accounts))
        return
      }
      setStatus(errorMessage(result.error))
      // Gone already (another tab): show what is left.
      if (result.error === "AccountNotFound") await reload()
    })

  return (
    <section class="accounts" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Linked accounts</h2>
      <p>The providers you have signed in with, besides your password and passkeys.</p>
      <Switch>
        <Match when={accounts() === "loading"}>
          <p>Loading your linked accounts…</p>
        </Match>
        <Match when={entriesOf(accounts())?.length === 0}>
          <p>No linked accounts.</p>
        </Match>
        <Match when={entriesOf(accounts())}>
          {(list) => (
            <ul>
              <For each={list()}>
                {(account) => (
                  <li>
                    <span>
                      <strong>{providerName(account.provider)}</strong> ·{" "}
                      {account.providerAccountId}
                    </span>{" "}
                    <button type="button" disabled={busy()} onClick={() => unlink(account)}>
                      Unlink
                    </button>
                  </li>
                )}
              </For>
            </ul>
          )}
        </Match>
      </Switch>
      <p role="status">{status()}</p>
    </section>
  )
}

function When(props: { iso: string | null }) {
  return (
    <>
      {props.iso === null ? (
        "at an unknown time"
      ) : (
        <time datetime={props.iso}>{formatTime(props.iso)}</time>
      )}
    </>
  )
}
