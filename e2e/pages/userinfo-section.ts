/**
 * The "Playground ID userinfo" section of a signed-in user's home page: the button that calls
 * the provider's userinfo through the app's `getAccessToken`, the outcome in its status line,
 * the token's expiry and whether it was refreshed, and the claims.
 */
import type { Locator, Page } from "@playwright/test"

export class UserinfoSection {
  readonly region: Locator
  readonly callButton: Locator
  readonly status: Locator
  /** The userinfo claims as indented JSON. */
  readonly claims: Locator
  readonly expiry: Locator
  readonly refreshed: Locator

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Playground ID userinfo" })
    this.callButton = this.region.getByRole("button", { name: "Call the provider's userinfo" })
    this.status = this.region.getByRole("status")
    this.claims = this.region.locator("pre")
    this.expiry = this.region.getByText(/^The access token expires at .+ \(in \d+ s\)\.$/)
    this.refreshed = this.region.getByText("Refreshed: a new access token since the last call.", {
      exact: true,
    })
  }
}
