/** The home page of every app: who is signed in, and the way to sign in or out. */
import { expect, type Locator, type Page } from "@playwright/test"

export class HomePage {
  readonly sessionEmail: Locator
  readonly signInLink: Locator
  readonly signOutLink: Locator
  readonly signedOutHeading: Locator
  /** The framework apps' view of the browser client (feature `browser-client`). */
  readonly clientStatus: Locator
  readonly clientEmail: Locator
  readonly serverSignInButton: Locator
  readonly browserSignInButton: Locator
  readonly serverSignOutButton: Locator
  readonly browserSignOutButton: Locator

  constructor(readonly page: Page) {
    this.sessionEmail = page.getByTestId("session-email")
    this.signInLink = page.getByRole("link", { name: "Sign in", exact: true })
    this.signOutLink = page.getByRole("link", { name: "Sign out" })
    this.signedOutHeading = page.getByRole("heading", { name: "You are not signed in" })
    this.clientStatus = page.getByTestId("client-session-status")
    this.clientEmail = page.getByTestId("client-session-email")
    this.serverSignInButton = page.getByRole("button", { name: "Sign in on the server" })
    this.browserSignInButton = page.getByRole("button", { name: "Sign in in the browser" })
    this.serverSignOutButton = page.getByRole("button", { name: "Sign out on the server" })
    this.browserSignOutButton = page.getByRole("button", { name: "Sign out in the browser" })
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

  /** Checks the browser client sees a session for `email`. */
  async expectClientSignedInAs(email: string): Promise<void> {
    await expect(this.clientStatus).toHaveText("authenticated")
    await expect(this.clientEmail).toHaveText(email)
  }

  /** Checks the browser client sees no session. */
  async expectClientSignedOut(): Promise<void> {
    await expect(this.clientStatus).toHaveText("unauthenticated")
    // Absent or empty: either way no e-mail shows.
    await expect(this.clientEmail.filter({ hasText: /\S/ })).toHaveCount(0)
  }
}
