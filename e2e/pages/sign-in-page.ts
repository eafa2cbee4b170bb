/** The built-in sign-in page at `<basePath>/signin`, with the three providers every app has. */
import { expect, type Locator, type Page, type Response } from "@playwright/test"

export class SignInPage {
  readonly email: Locator
  readonly password: Locator
  readonly demoUserButton: Locator
  readonly playgroundIdButton: Locator
  readonly magicLinkEmail: Locator
  readonly magicLinkButton: Locator
  readonly error: Locator

  constructor(
    readonly page: Page,
    readonly basePath: string,
  ) {
    this.email = page.getByLabel(/^Email \(demo/)
    this.password = page.getByLabel(/^Password/)
    this.demoUserButton = page.getByRole("button", { name: "Sign in with the demo user" })
    this.playgroundIdButton = page.getByRole("button", { name: "Sign in with Playground ID" })
    this.magicLinkEmail = page.getByLabel("Email", { exact: true })
    this.magicLinkButton = page.getByRole("button", { name: "Sign in with Email" })
    this.error = page.getByRole("alert")
  }

  async goto(callbackUrl?: string): Promise<void> {
    const query = callbackUrl ? `?${new URLSearchParams({ callbackUrl })}` : ""
    await this.page.goto(`${this.basePath}/signin${query}`)
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL((url) => url.pathname === `${this.basePath}/signin`)
    await expect(this.demoUserButton).toBeVisible()
  }

  /** Checks this is the sign-in page, with a `callbackUrl` that leads back to `path`. */
  async expectLoadedWithCallbackTo(path: string): Promise<void> {
    await expect(this.page).toHaveURL((url) => {
      const callbackUrl = url.searchParams.get("callbackUrl")
      if (url.pathname !== `${this.basePath}/signin` || callbackUrl === null) return false
      const callback = new URL(callbackUrl, url)
      return callback.origin === url.origin && `${callback.pathname}${callback.search}` === path
    })
    await expect(this.demoUserButton).toBeVisible()
  }

  /** Fills the credentials form and submits it; resolves with the callback's response. */
  async signInWithCredentials(email: string, password: string): Promise<Response> {
    await this.email.fill(email)
    await this.password.fill(password)
    const callback = this.page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname === `${this.basePath}/callback/credentials`,
    )
    await this.demoUserButton.click()
    return callback
  }

  /** Asks for an e-mail sign-in link and waits for the "check your email" page. */
  async requestMagicLink(email: string): Promise<void> {
    await this.magicLinkEmail.fill(email)
    await this.magicLinkButton.click()
    await expect(this.page).toHaveURL((url) => url.pathname === `${this.basePath}/verify-request`)
    await expect(this.page.getByRole("heading", { name: "Check your email" })).toBeVisible()
  }
}
