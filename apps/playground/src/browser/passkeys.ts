/**
 * The home page's passkeys, in the browser (part of `/home.js`, bundled from `home.ts` by
 * `browser-script.ts`): lists the signed-in user's passkeys, adds one with the WebAuthn client
 * (`signIn("passkey", { action: "register" })`) and removes them, saying what happened in the
 * section's status line. The server renders the section empty (`pages/home.ts`); this fills it.
 */
import type { SignInResult } from "@auth/core/client"
import type { Passkey, PasskeysResult, WebAuthnClient } from "@auth/core/client/webauthn"

/** The section's parts, as `pages/home.ts` renders them. */
interface PasskeysView {
  add: HTMLButtonElement
  list: HTMLElement
  status: HTMLElement
}

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })

/** Fills `section` (`[data-passkeys]`) with the user's passkeys and wires its buttons. */
export function setUpPasskeys(section: HTMLElement, webauthn: WebAuthnClient): void {
  const add = section.querySelector<HTMLButtonElement>("[data-passkeys-add]")
  const list = section.querySelector<HTMLElement>("[data-passkeys-list]")
  const status = section.querySelector<HTMLElement>("[role=status]")
  if (!add || !list || !status) return
  const view: PasskeysView = { add, list, status }

  const show = (result: PasskeysResult): void => {
    if (!result.ok) {
      status.textContent =
        result.error === "Unauthorized"
          ? "Your session has ended: sign in again to see your passkeys."
          : `Your passkeys could not be loaded (${result.error}).`
      return
    }
    if (result.passkeys.length === 0) {
      const empty = document.createElement("p")
      empty.textContent = "No passkeys yet."
      list.replaceChildren(empty)
      return
    }
    const items = document.createElement("ul")
    items.className = "list"
    items.append(...result.passkeys.map((passkey) => item(passkey, () => remove(passkey.id))))
    list.replaceChildren(items)
  }

  // Registers a passkey for the signed-in user in this browser, then shows the new list.
  const addPasskey = () =>
    busy(view, async () => {
      status.textContent = "Waiting for your passkey…"
      const result = await webauthn.signIn("passkey", { action: "register", redirect: false })
      if (!result?.ok) {
        status.textContent = registrationFailure(result)
        return
      }
      status.textContent = "Passkey added."
      show(await webauthn.listPasskeys())
    })

  const remove = (id: string) =>
    busy(view, async () => {
      const result = await webauthn.removePasskey(id)
      if (result.ok) {
        status.textContent = "Passkey removed."
        show(result)
        return
      }
      status.textContent = removalFailure(result.error)
      // Gone already (another tab): show what is left.
      if (result.error === "PasskeyNotFound") show(await webauthn.listPasskeys())
    })

  add.addEventListener("click", () => void addPasskey())
  void webauthn.listPasskeys().then(show)
}

/** Runs `task` with every button of the section disabled: one request at a time. */
async function busy(view: PasskeysView, task: () => Promise<void>): Promise<void> {
  const buttons = [view.add, ...view.list.querySelectorAll("button")]
  for (const button of buttons) button.disabled = true
  try {
    await task()
  } finally {
    for (const button of buttons) button.disabled = false
  }
}

/** One passkey: its kind, when it was added and last used, and its remove button. */
function item(passkey: Passkey, onRemove: () => void): HTMLLIElement {
  const li = document.createElement("li")
  const details = document.createElement("p")
  details.append(
    passkey.deviceType === "multiDevice" ? "Synced passkey" : "Passkey on one device",
    " · Added ",
    time(passkey.createdAt),
    " · Last used ",
    passkey.lastUsedAt ? time(passkey.lastUsedAt) : "never",
  )
  const button = document.createElement("button")
  button.type = "button"
  button.className = "button secondary"
  button.textContent = "Remove passkey"
  button.addEventListener("click", onRemove)
  li.append(details, button)
  return li
}

function time(iso: string | null): HTMLTimeElement | string {
  if (iso === null) return "at an unknown time"
  const element = document.createElement("time")
  element.dateTime = iso
  element.textContent = DATE_FORMAT.format(new Date(iso))
  return element
}

/** What a failed `signIn("passkey", { action: "register" })` means, for people. */
function registrationFailure(result: SignInResult | undefined): string {
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
      return `The server did not accept the new passkey (${result.error}).`
  }
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
