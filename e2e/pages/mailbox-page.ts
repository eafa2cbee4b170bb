/** Every app's `/mailbox`: the messages its SMTP server caught, newest first. */
import type { Locator, Page } from "@playwright/test"

export class MailboxPage {
  readonly messages: Locator

  constructor(readonly page: Page) {
    this.messages = page.getByRole("article")
  }

  async goto(): Promise<void> {
    await this.page.goto("/mailbox")
  }

  /** The messages sent to `email`, newest first. */
  messagesTo(email: string): Locator {
    return this.messages.filter({ hasText: `To ${email}` })
  }

  /** Follows the sign-in link of the newest message to `email`. */
  async openSignInLink(email: string): Promise<void> {
    await this.messagesTo(email)
      .first()
      .getByRole("link", { name: "Open the sign-in link" })
      .click()
  }
}
