/**
 * The `test` of every spec: `baseURL` is the playground of the project's session strategy, and
 * the page objects come ready to use. Each test gets a fresh browser context (Playwright's
 * default), so no cookie carries over.
 */
import { test as base, expect } from "@playwright/test"
import { HomePage } from "./pages/home-page.js"
import { IdpLoginPage } from "./pages/idp-login-page.js"
import { MailboxPage } from "./pages/mailbox-page.js"
import { SignInPage } from "./pages/sign-in-page.js"
import { SignOutPage } from "./pages/sign-out-page.js"

export const SESSION_STRATEGIES = ["database", "jwt"] as const
export type SessionStrategy = (typeof SESSION_STRATEGIES)[number]

/** The environment variable holding the URL of a strategy's playground. */
export function urlVariable(strategy: SessionStrategy): string {
  return `PLAYGROUND_URL_${strategy.toUpperCase()}`
}

/** Per-project options. */
export interface PlaygroundTestOptions {
  sessionStrategy: SessionStrategy
}

interface PageObjects {
  home: HomePage
  signIn: SignInPage
  idpLogin: IdpLoginPage
  mailbox: MailboxPage
  signOut: SignOutPage
}

export const test = base.extend<PlaygroundTestOptions & PageObjects>({
  sessionStrategy: ["database", { option: true }],
  baseURL: async ({ sessionStrategy }, use) => {
    const url = process.env[urlVariable(sessionStrategy)]
    if (!url) throw new Error(`${urlVariable(sessionStrategy)} is not set: did global-setup run?`)
    await use(url)
  },
  home: async ({ page }, use) => use(new HomePage(page)),
  signIn: async ({ page }, use) => use(new SignInPage(page)),
  idpLogin: async ({ page }, use) => use(new IdpLoginPage(page)),
  mailbox: async ({ page }, use) => use(new MailboxPage(page)),
  signOut: async ({ page }, use) => use(new SignOutPage(page)),
})

export { expect }

/** An address no other test uses, so the mailbox and the user table stay unambiguous. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`
}
