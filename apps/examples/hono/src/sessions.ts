/**
 * The home page's "Your sessions" and "Linked accounts" sections, in the browser (part of
 * `/static/client.js`): lists the signed-in user's sessions (this one marked "This device") and
 * signs others out with the page's browser client (`revokeSession`, `revokeOtherSessions`),
 * lists the linked accounts and unlinks them (`unlinkAccount`), saying what happened in each
 * section's status line. The server renders the sections empty (`SessionsSection` and
 * `AccountsSection` in views.tsx); this fills them.
 */
import type {
  AccountInfo,
  AccountsResult,
  AuthClient,
  SessionInfo,
  SessionsResult,
} from "@auth/core/client"
import {
  deviceName,
  errorMessage,
  formatTime,
  linkedAccounts,
  providerName,
  revokedMessage,
  sessionsInOrder,
} from "@auth/example-support/account-view"

/** A section's parts, as views.tsx renders them. */
interface SectionView {
  list: HTMLElement
  status: HTMLElement
  /** Buttons outside the list that wait for the current request too. */
  buttons: HTMLButtonElement[]
}

/** Finds a section's list (`[data-list]`) and status line; `undefined` when it is not there. */
function viewOf(section: HTMLElement, buttons: HTMLButtonElement[] = []): SectionView | undefined {
  const list = section.querySelector<HTMLElement>("[data-list]")
  const status = section.querySelector<HTMLElement>("[role=status]")
  return list && status ? { list, status, buttons } : undefined
}

/** Fills `section` (`[data-sessions]`) with the user's sessions and wires its buttons. */
export function setUpSessions(section: HTMLElement, client: AuthClient): void {
  const others = section.querySelector<HTMLButtonElement>("[data-sessions-revoke-others]")
  const view = viewOf(section, others ? [others] : [])
  if (!view || !others) return
  const { list, status } = view

  const show = (result: SessionsResult): void => {
    if (!result.ok) {
      status.textContent = errorMessage(result.error)
      return
    }
    const items = document.createElement("ul")
    items.append(...sessionsInOrder(result.sessions).map((session) => sessionItem(session, revoke)))
    list.replaceChildren(items)
    others.hidden = !result.sessions.some((session) => !session.current)
  }

  const revoke = (id: string) =>
    busy(view, async () => {
      const result = await client.revokeSession(id)
      status.textContent = result.ok ? "Signed out that device." : errorMessage(result.error)
      show(await client.listSessions())
    })

  const revokeOthers = () =>
    busy(view, async () => {
      const result = await client.revokeOtherSessions()
      status.textContent = result.ok ? revokedMessage(result.revoked) : errorMessage(result.error)
      show(await client.listSessions())
    })

  others.addEventListener("click", () => void revokeOthers())
  void client.listSessions().then(show)
}

/** Fills `section` (`[data-accounts]`) with the user's linked accounts and wires "Unlink". */
export function setUpAccounts(section: HTMLElement, client: AuthClient): void {
  const view = viewOf(section)
  if (!view) return
  const { list, status } = view

  const show = (result: AccountsResult): void => {
    if (!result.ok) {
      status.textContent = errorMessage(result.error)
      return
    }
    const accounts = linkedAccounts(result.accounts)
    if (accounts.length === 0) {
      const empty = document.createElement("p")
      empty.textContent = "No linked accounts."
      list.replaceChildren(empty)
      return
    }
    const items = document.createElement("ul")
    items.append(...accounts.map((account) => accountItem(account, unlink)))
    list.replaceChildren(items)
  }

  const unlink = (account: AccountInfo) =>
    busy(view, async () => {
      const result = await client.unlinkAccount(account.provider, account.providerAccountId)
      if (result.ok) {
        status.textContent = `${providerName(account.provider)} unlinked.`
        show(result)
        return
      }
      status.textContent = errorMessage(result.error)
      // Gone already (another tab): show what is left.
      if (result.error === "AccountNotFound") show(await client.listAccounts())
    })

  void client.listAccounts().then(show)
}

/** Runs `task` with every button of the section disabled: one request at a time. */
async function busy(view: SectionView, task: () => Promise<void>): Promise<void> {
  const buttons = [...view.buttons, ...view.list.querySelectorAll("button")]
  for (const button of buttons) button.disabled = true
  try {
    await task()
  } finally {
    for (const button of buttons) button.disabled = false
  }
}

/**
 * One session: its device, "This device" for this browser's, when it started and was last
 * used, the address it signed in from, and "Sign out this device" for the others.
 */
function sessionItem(session: SessionInfo, onRevoke: (id: string) => void): HTMLLIElement {
  const li = document.createElement("li")
  const details = document.createElement("span")
  const device = document.createElement("strong")
  device.textContent = deviceName(session.userAgent)
  details.append(device)
  if (session.current) details.append(" · This device")
  details.append(" · Last used ", time(session.lastUsedAt ?? session.createdAt))
  if (session.ip) details.append(` · ${session.ip}`)
  details.append(" ")
  li.append(details)
  if (!session.current) {
    const button = document.createElement("button")
    button.type = "button"
    button.textContent = "Sign out this device"
    button.addEventListener("click", () => onRevoke(session.id))
    li.append(button)
  }
  return li
}

/** One linked account: the provider, the user's id there, and "Unlink". */
function accountItem(
  account: AccountInfo,
  onUnlink: (account: AccountInfo) => void,
): HTMLLIElement {
  const li = document.createElement("li")
  const details = document.createElement("span")
  const provider = document.createElement("strong")
  provider.textContent = providerName(account.provider)
  details.append(provider, ` · ${account.providerAccountId} `)
  const button = document.createElement("button")
  button.type = "button"
  button.textContent = "Unlink"
  button.addEventListener("click", () => onUnlink(account))
  li.append(details, button)
  return li
}

function time(iso: string | null): HTMLTimeElement | string {
  if (iso === null) return "at an unknown time"
  const element = document.createElement("time")
  element.dateTime = iso
  element.textContent = formatTime(iso)
  return element
}
