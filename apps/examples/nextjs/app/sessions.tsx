"use client"
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
  type AccountsResult,
  listAccounts,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionInfo,
  type SessionsResult,
  unlinkAccount,
} from "next-auth/react"
import { useEffect, useState } from "react"

/** What a list shows: its entries, or that they are on their way, or that they could not be read. */
type Loaded<T> = readonly T[] | "loading" | "unavailable"

/** A section's list, and its status line: how the last action went. */
interface Section<T> {
  list: Loaded<T>
  status: string
}

const LOADING = { list: "loading", status: "" } as const

/** The section after a listing: the new list, or the old one and why the listing failed. */
function listed<T>(
  section: Section<T>,
  result: { ok: true; list: readonly T[] } | { ok: false; error: string },
): Section<T> {
  if (result.ok) return { ...section, list: result.list }
  return {
    list: section.list === "loading" ? "unavailable" : section.list,
    status: errorMessage(result.error),
  }
}

/** What `listSessions()` gave, for {@link listed}: the sessions in the order they are shown. */
function sessionsOf(result: SessionsResult) {
  return result.ok ? { ok: true as const, list: sessionsInOrder(result.sessions) } : result
}

/** What `listAccounts()` or `unlinkAccount()` gave, for {@link listed}: all but passkeys. */
function accountsOf(result: AccountsResult) {
  return result.ok ? { ok: true as const, list: linkedAccounts(result.accounts) } : result
}

/** Lists once the component mounts, unless it unmounted meanwhile: an effect and its cleanup. */
function listOnMount<T>(list: () => Promise<T>, show: (result: T) => void): () => void {
  let mounted = true
  void list().then((result) => {
    if (mounted) show(result)
  })
  return () => {
    mounted = false
  }
}

/** One request at a time per section: every button waits for the current one. */
function useBusy() {
  const [busy, setBusy] = useState(false)
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

/**
 * The signed-in user's sessions, in the browser with `next-auth/react`: listed when the page
 * loads (`listSessions()`), this browser's marked "This device"; "Sign out this device" on the
 * others (`revokeSession(id)`) and "Sign out everywhere else" (`revokeOtherSessions()`). The
 * status line says how the last action went.
 */
export function Sessions() {
  const [section, setSection] = useState<Section<SessionInfo>>(LOADING)
  const [busy, run] = useBusy()
  const show = (result: SessionsResult) => setSection((shown) => listed(shown, sessionsOf(result)))
  const say = (status: string) => setSection((shown) => ({ ...shown, status }))

  useEffect(
    () =>
      listOnMount(listSessions, (result) =>
        setSection((shown) => listed(shown, sessionsOf(result))),
      ),
    [],
  )

  const revoke = (id: string) =>
    run(async () => {
      const result = await revokeSession(id)
      say(result.ok ? "Signed out that device." : errorMessage(result.error))
      show(await listSessions())
    })

  const revokeOthers = () =>
    run(async () => {
      const result = await revokeOtherSessions()
      say(result.ok ? revokedMessage(result.revoked) : errorMessage(result.error))
      show(await listSessions())
    })

  const { list, status } = section
  const hasOthers = typeof list !== "string" && list.some((session) => !session.current)
  return (
    <section aria-labelledby="sessions-heading" className="sessions">
      <h2 id="sessions-heading">Your sessions</h2>
      <p>Where you are signed in. Sign out a device you no longer use or do not recognise.</p>
      {list === "loading" ? (
        <p>Loading your sessions…</p>
      ) : list === "unavailable" ? null : (
        <ul>
          {list.map((session) => (
            <li key={session.id}>
              <span>
                <strong>{deviceName(session.userAgent)}</strong>
                {session.current ? " · This device" : null}
                {" · Last used "}
                <When iso={session.lastUsedAt ?? session.createdAt} />
                {session.ip ? ` · ${session.ip}` : null}
              </span>{" "}
              {session.current ? null : (
                <button type="button" disabled={busy} onClick={() => revoke(session.id)}>
                  Sign out this device
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status">{status}</p>
      {hasOthers ? (
        <button type="button" disabled={busy} onClick={revokeOthers}>
          Sign out everywhere else
        </button>
      ) : null}
    </section>
  )
}

/**
 * The signed-in user's linked accounts, in the browser with `next-auth/react`: listed when the
 * page loads (`listAccounts()`), each with "Unlink" (`unlinkAccount(provider, id)`). The server
 * keeps the last way to sign in, and the status line says so.
 */
export function LinkedAccounts() {
  const [section, setSection] = useState<Section<AccountInfo>>(LOADING)
  const [busy, run] = useBusy()

  useEffect(
    () =>
      listOnMount(listAccounts, (result) =>
        setSection((shown) => listed(shown, accountsOf(result))),
      ),
    [],
  )

  const unlink = (account: AccountInfo) =>
    run(async () => {
      const result = await unlinkAccount(account.provider, account.providerAccountId)
      if (result.ok) {
        setSection({
          list: linkedAccounts(result.accounts),
          status: `${providerName(account.provider)} unlinked.`,
        })
        return
      }
      setSection((shown) => ({ ...shown, status: errorMessage(result.error) }))
      // Gone already (another tab): show what is left.
      if (result.error === "AccountNotFound") {
        const left = await listAccounts()
        if (left.ok) setSection((shown) => ({ ...shown, list: linkedAccounts(left.accounts) }))
      }
    })

  const { list, status } = section
  return (
    <section aria-labelledby="accounts-heading" className="accounts">
      <h2 id="accounts-heading">Linked accounts</h2>
      <p>The providers you have signed in with, besides your password and passkeys.</p>
      {list === "loading" ? (
        <p>Loading your linked accounts…</p>
      ) : list === "unavailable" ? null : list.length === 0 ? (
        <p>No linked accounts.</p>
      ) : (
        <ul>
          {list.map((account) => (
            <li key={`${account.provider}:${account.providerAccountId}`}>
              <span>
                <strong>{providerName(account.provider)}</strong> · {account.providerAccountId}
              </span>{" "}
              <button type="button" disabled={busy} onClick={() => unlink(account)}>
                Unlink
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status">{status}</p>
    </section>
  )
}

function When({ iso }: { iso: string | null }) {
  if (iso === null) return "at an unknown time"
  return <time dateTime={iso}>{formatTime(iso)}</time>
}
