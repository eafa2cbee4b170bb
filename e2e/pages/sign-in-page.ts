/**
 * The built-in sign-in page at `<basePath>/signin`, with the three providers every app has, and
 * the passkey form of the apps with the Passkey provider (feature `passkeys`).
 */
import { expect, type Locator, type Page, type Response } from "@playwright/test"

export class SignInPage {
  readonly email: Locator
  readonly password: Locator
  readonly demoUserButton: Locator
  readonly playgroundIdButton: Locator
  readonly magicLinkEmail: Locator
  readonly magicLinkButton: Locator
  readonly error: Locator
  /** The Passkey provider's form: an optional e-mail and "Sign in with Passkey". */
  readonly passkeyForm: Locator
  readonly passkeyEmail: Locator
  readonly passkeyButton: Locator
  /** Why the last passkey attempt failed in the browser (the form's own alert). */
  readonly passkeyError: Locator

  constructor(
    readonly page: Page,
    readonly basePath: string,
  ) {
    this.email = page.getByLabel(/^Email \(demo/)
    this.password = page.getByLabel(/^Password/)
    this.demoUserButton = page.getByRole("button", { name: "Sign in with the demo user" })
    this.playgroundIdButton = page.getByRole("button", { name: "Sign in with Playground ID" })
    this.magicLinkButton = page.getByRole("button", { name: "Sign in with Email" })
    // Scoped to its form: the passkey form has an "Email" field too.
    this.magicLinkEmail = page
      .locator("form")
      .filter({ has: this.magicLinkButton })
      .getByLabel("Email", { exact: true })
    this.error = page.getByRole("alert")
    this.passkeyButton = page.getByRole("button", { name: "Sign in with Passkey" })
    this.passkeyForm = page.locator("form").filter({ has: this.passkeyButton })
    this.passkeyEmail = this.passkeyForm.getByLabel("Email", { exact: true })
    this.passkeyError = this.passkeyForm.getByRole("alert")
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

  /**
   * Signs in with a passkey: with `email` empty, any passkey of the site the authenticator holds
   * (discoverable credentials); with an e-mail, that user's passkeys, or a new passkey and user
   * for an e-mail nobody has. Resolves with the callback's response (the form's native post).
   */
  async signInWithPasskey(email = ""): Promise<Response> {
    await this.passkeyEmail.fill(email)
    const callback = this.passkeyCallback()
    await this.passkeyButton.click()
    return callback
  }

  /**
   * The response of the next passkey sign-in's post to `<basePath>/callback/passkey`, from the
   * button or from the e-mail field's autofill (conditional UI).
   */
  passkeyCallback(): Promise<Response> {
    return this.page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname === `${this.basePath}/callback/passkey`,
    )
  }

  /** Asks for an e-mail sign-in link and waits for the "check your email" page. */
  async requestMagicLink(email: string): Promise<void> {
    await this.magicLinkEmail.fill(email)
    await this.magicLinkButton.click()
    await expect(this.page).toHaveURL((url) => url.pathname === `${this.basePath}/verify-request`)
    await expect(this.page.getByRole("heading", { name: "Check your email" })).toBeVisible()
  }
}
