/** The built-in sign-out confirmation page at `<basePath>/signout`. */
import { expect, type Locator, type Page } from "@playwright/test"

export class SignOutPage {
  readonly confirmButton: Locator

  constructor(
    readonly page: Page,
    readonly basePath: string,
  ) {
    this.confirmButton = page.getByRole("button", { name: "Sign out" })
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.basePath}/signout`)
  }

  /** Confirms; resolves once the sign-out POST answered with its redirect. */
  async confirm(): Promise<void> {
    await expect(this.page.getByRole("heading", { name: "Sign out" })).toBeVisible()
    const response = this.page.waitForResponse(
      (candidate) =>
        candidate.request().method() === "POST" &&
        new URL(candidate.url()).pathname === `${this.basePath}/signout`,
    )
    await this.confirmButton.click()
    expect((await response).status()).toBe(302)
  }
}
