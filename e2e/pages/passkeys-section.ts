/**
 * The "Passkeys" section of a signed-in user's home page: the user's passkeys, "Add a passkey",
 * and the status line that says how the last action went.
 */
import type { Locator, Page } from "@playwright/test"

export class PasskeysSection {
  readonly region: Locator
  readonly addButton: Locator
  /** One per passkey: when it was added, when last used (or "never"), "Remove passkey". */
  readonly items: Locator
  readonly empty: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Passkeys" })
    this.addButton = this.region.getByRole("button", { name: "Add a passkey" })
    this.items = this.region.getByRole("listitem")
    this.empty = this.region.getByText("No passkeys yet.", { exact: true })
    this.status = this.region.getByRole("status")
  }

  /** The remove button of `item` (one of {@link items}). */
  removeButton(item: Locator): Locator {
    return item.getByRole("button", { name: "Remove passkey" })
  }
}
