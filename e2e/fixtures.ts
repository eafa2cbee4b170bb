/**
 * The `test` of every spec. Each Playwright project is one target with one session strategy
 * (`playground-database`, …); its worker starts that target once (a fresh instance on a free
 * port) and stops it at the end, so one app runs at a time. `baseURL` is the app, `basePath`
 * its auth endpoints, and the page objects come ready to use. Each test gets a fresh browser
 * context (Playwright's default), so no cookie carries over.
 */
import { test as base, expect } from "@playwright/test"
import { scaled } from "../scripts/test-timeouts.mjs"
import { AccountsSection, SessionsSection } from "./pages/account-sections.js"
import { HomePage } from "./pages/home-page.js"
import { IdpLoginPage } from "./pages/idp-login-page.js"
import { MailboxPage } from "./pages/mailbox-page.js"
import { PasskeysSection } from "./pages/passkeys-section.js"
import { SignInPage } from "./pages/sign-in-page.js"
import { SignOutPage } from "./pages/sign-out-page.js"
import { UserinfoSection } from "./pages/userinfo-section.js"
import {
  type E2eTarget,
  findTarget,
  type RunningTarget,
  type SessionStrategy,
} from "./targets/index.js"
import { VirtualAuthenticator } from "./virtual-authenticator.js"

/** Per-project options (set by `playwright.config.ts`). */
export interface TargetOptions {
  /** A name registered in `targets/index.ts`. */
  targetName: string
  sessionStrategy: SessionStrategy
}

interface WorkerFixtures {
  target: E2eTarget
  running: RunningTarget
}

interface TestFixtures {
  /** The target's auth base path: `/auth`, `/api/auth`. */
  basePath: string
  home: HomePage
  signIn: SignInPage
  idpLogin: IdpLoginPage
  mailbox: MailboxPage
  signOut: SignOutPage
  /** The home page's passkeys section (feature `passkeys`). */
  passkeys: PasskeysSection
  /** The home page's "Your sessions" section. */
  sessions: SessionsSection
  /** The home page's "Linked accounts" section. */
  accounts: AccountsSection
  /** The home page's "Playground ID userinfo" section. */
  userinfo: UserinfoSection
  /** A virtual passkey authenticator in `page`, made when a test asks for it. */
  authenticator: VirtualAuthenticator
}

/** Starting an example app's production server can take a while on two shared cores. */
const START_TIMEOUT_MS = scaled(180_000)

export const test = base.extend<TestFixtures, TargetOptions & WorkerFixtures>({
  targetName: ["playground", { option: true, scope: "worker" }],
  sessionStrategy: ["database", { option: true, scope: "worker" }],
  target: [async ({ targetName }, use) => use(findTarget(targetName)), { scope: "worker" }],
  running: [
    async ({ target, sessionStrategy }, use) => {
      const running = await target.start(sessionStrategy)
      try {
        await use(running)
      } finally {
        await running.close()
      }
    },
    { scope: "worker", timeout: START_TIMEOUT_MS },
  ],
  baseURL: async ({ running }, use) => use(running.url),
  basePath: async ({ target }, use) => use(target.basePath),
  home: async ({ page }, use) => use(new HomePage(page)),
  signIn: async ({ page, basePath }, use) => use(new SignInPage(page, basePath)),
  idpLogin: async ({ page }, use) => use(new IdpLoginPage(page)),
  mailbox: async ({ page }, use) => use(new MailboxPage(page)),
  signOut: async ({ page, basePath }, use) => use(new SignOutPage(page, basePath)),
  passkeys: async ({ page }, use) => use(new PasskeysSection(page)),
  sessions: async ({ page }, use) => use(new SessionsSection(page)),
  accounts: async ({ page }, use) => use(new AccountsSection(page)),
  userinfo: async ({ page }, use) => use(new UserinfoSection(page)),
  authenticator: async ({ page }, use) => use(await VirtualAuthenticator.attach(page)),
})

export { expect }

/** An address no other test uses, so the mailbox and the user table stay unambiguous. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`
}

/** A pattern for a URL whose path and query start with `pathAndQuery` (taken literally). */
export function urlStartingWith(pathAndQuery: string): RegExp {
  return new RegExp(`^https?://[^/]+${pathAndQuery.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)
}
