/**
 * The "Your sessions" and "Linked accounts" sections of a signed-in user's home page: the
 * user's sessions (this browser's marked "This device") with "Sign out this device" on the
 * others and "Sign out everywhere else", and the linked accounts with "Unlink".
 */
import type { Locator, Page } from "@playwright/test"

/** How the current session's row says it is this browser's (case-sensitive, unlike the buttons). */
const THIS_DEVICE = /\bThis device\b/

export class SessionsSection {
  readonly region: Locator
  /** One per session: its device, "This device" for this browser's, "Last used …". */
  readonly items: Locator
  readonly current: Locator
  readonly others: Locator
  readonly signOutEverywhereElse: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Your sessions" })
    this.items = this.region.getByRole("listitem")
    this.current = this.items.filter({ hasText: THIS_DEVICE })
    this.others = this.items.filter({ hasNotText: THIS_DEVICE })
    this.signOutEverywhereElse = this.region.getByRole("button", {
      name: "Sign out everywhere else",
    })
    this.status = this.region.getByRole("status")
  }

  /** The "Sign out this device" button of `item` (one of {@link items}). */
  signOutButton(item: Locator): Locator {
    return item.getByRole("button", { name: "Sign out this device" })
  }
}

export class AccountsSection {
  readonly region: Locator
  /** One per linked account: the provider's name and "Unlink". */
  readonly items: Locator
  readonly empty: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Linked accounts" })
    this.items = this.region.getByRole("listitem")
    this.empty = this.region.getByText("No linked accounts.", { exact: true })
    this.status = this.region.getByRole("status")
  }

  /** The "Unlink" button of `item` (one of {@link items}). */
  unlinkButton(item: Locator): Locator {
    return item.getByRole("button", { name: "Unlink" })
  }
}
