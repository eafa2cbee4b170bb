/** The login form of "Playground ID", the identity provider the playground (or the launcher) starts. */
import { expect, type Locator, type Page } from "@playwright/test"

export class IdpLoginPage {
  readonly brand: Locator
  readonly username: Locator
  readonly continueButton: Locator
  readonly cancelButton: Locator

  constructor(readonly page: Page) {
    this.brand = page.getByText("Playground ID", { exact: true })
    this.username = page.getByLabel("Username")
    this.continueButton = page.getByRole("button", { name: "Continue" })
    this.cancelButton = page.getByRole("button", { name: "Cancel" })
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//)
    await expect(this.brand).toBeVisible()
    await expect(this.page.getByText("Any name works")).toBeVisible()
  }

  async signInAs(username: string): Promise<void> {
    await this.username.fill(username)
    await this.continueButton.click()
  }
}
