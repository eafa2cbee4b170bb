/** The playground's home page: who is signed in, and the way to sign in or out. */
import { expect, type Locator, type Page } from "@playwright/test"

export class HomePage {
  readonly sessionEmail: Locator
  readonly signInLink: Locator
  readonly signOutLink: Locator
  readonly signedOutHeading: Locator

  constructor(readonly page: Page) {
    this.sessionEmail = page.getByTestId("session-email")
    this.signInLink = page.getByRole("link", { name: "Sign in", exact: true })
    this.signOutLink = page.getByRole("link", { name: "Sign out" })
    this.signedOutHeading = page.getByRole("heading", { name: "You are not signed in" })
  }

  async goto(): Promise<void> {
    await this.page.goto("/")
  }

  /** Checks the page shows a session for `email`, in the card and in the header. */
  async expectSignedInAs(email: string): Promise<void> {
    await expect(this.sessionEmail).toHaveText(email)
    await expect(this.page.getByRole("banner")).toContainText(`Signed in as ${email}`)
  }

  async expectSignedOut(): Promise<void> {
    await expect(this.signedOutHeading).toBeVisible()
    await expect(this.page.getByRole("banner")).toContainText("Not signed in")
  }
}
