/**
 * The signed-in user's sessions and linked accounts on the home page: the demo user signs in on
 * a "laptop" (the test's own page) and on other browsers (contexts of their own, each with its
 * device's `User-Agent`), sees them listed with this one marked "This device", and signs them
 * out, one with "Sign out this device" and then all with "Sign out everywhere else": their next
 * page load is signed out, the laptop stays signed in. The "Linked accounts" section lists a
 * Playground ID account, and "Unlink" unlinks it.
 */
import { DEMO_USER } from "@auth/example-support/demo-user"
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test"
import { test as base, expect, uniqueEmail } from "../fixtures.js"
import { HomePage } from "../pages/home-page.js"
import { SignInPage } from "../pages/sign-in-page.js"

/** The other browsers of the demo user: `User-Agent`, and the name the sessions list gives it. */
const DEVICES = {
  phone: {
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    name: "Safari on iPhone",
  },
  tablet: {
    userAgent: "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
    name: "Firefox on Android",
  },
} as const

/** Headless Chromium on Linux, as the test's own page (the laptop) says it. */
const LAPTOP = "Chrome on Linux"

/** Another browser, signed in as the demo user. */
interface Device {
  page: Page
  home: HomePage
}

interface DeviceFixtures {
  /** Opens a browser of `DEVICES` (a context of its own) and signs the demo user in there. */
  signInOn(device: keyof typeof DEVICES): Promise<Device>
}

const test = base.extend<DeviceFixtures>({
  signInOn: async ({ browser, baseURL, basePath }, use) => {
    const opened: BrowserContext[] = []
    await use(async (device) => {
      // A context of its own, as another browser: config options such as `baseURL` are not applied.
      const context = await browser.newContext({ baseURL, userAgent: DEVICES[device].userAgent })
      opened.push(context)
      const page = await context.newPage()
      await signInAsDemoUser(page, basePath)
      return { page, home: new HomePage(page) }
    })
    for (const context of opened) await context.close()
  },
})

async function signInAsDemoUser(page: Page, basePath: string): Promise<void> {
  const signIn = new SignInPage(page, basePath)
  await signIn.goto("/")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await new HomePage(page).expectSignedInAs(DEMO_USER.email)
}

/**
 * Signs out every other session of the demo user, as "Sign out everywhere else" does (the
 * endpoint, not the button, which shows only when there are others): the demo user's sessions
 * from the project's earlier tests must not be listed.
 */
async function signOutOtherSessions(request: APIRequestContext, basePath: string): Promise<void> {
  const { csrfToken } = (await (await request.get(`${basePath}/csrf`)).json()) as {
    csrfToken: string
  }
  const response = await request.post(`${basePath}/sessions/revoke`, {
    data: { csrfToken, scope: "others" },
  })
  expect(response.status()).toBe(200)
}

test("the laptop lists the phone, signs it out, then every other device", async ({
  page,
  basePath,
  home,
  sessions,
  signInOn,
}) => {
  // Three browsers sign in, each through the sign-in page.
  test.slow()
  await signInAsDemoUser(page, basePath)
  await signOutOtherSessions(page.request, basePath)
  const phone = await signInOn("phone")

  await home.goto()

  await expect(sessions.items).toHaveCount(2)
  await expect(sessions.current).toHaveCount(1)
  await expect(sessions.current).toContainText(LAPTOP)
  await expect(sessions.current).toContainText(/Last used \S/)
  await expect(sessions.signOutButton(sessions.current)).toHaveCount(0)
  await expect(sessions.others).toContainText([DEVICES.phone.name])

  await sessions.signOutButton(sessions.others).click()

  await expect(sessions.status).toHaveText("Signed out that device.")
  await expect(sessions.items).toHaveCount(1)
  await expect(sessions.current).toHaveCount(1)
  await phone.home.goto()
  await phone.home.expectSignedOut()
  await home.goto()
  await home.expectSignedInAs(DEMO_USER.email)

  const tablet = await signInOn("tablet")
  await home.goto()
  await expect(sessions.items).toHaveCount(2)
  await expect(sessions.others).toContainText([DEVICES.tablet.name])

  await sessions.signOutEverywhereElse.click()

  await expect(sessions.status).toHaveText("Signed out 1 other session.")
  await expect(sessions.items).toHaveCount(1)
  await expect(sessions.current).toContainText(LAPTOP)
  await expect(sessions.signOutEverywhereElse).toBeHidden()
  await tablet.home.goto()
  await tablet.home.expectSignedOut()
  await home.goto()
  await home.expectSignedInAs(DEMO_USER.email)
  await expect(sessions.items).toHaveCount(1)
})

test("the linked accounts list a Playground ID account, and Unlink unlinks it", async ({
  home,
  signIn,
  idpLogin,
  accounts,
}) => {
  // Signs in through the identity provider's login page, which is slow on a busy machine.
  test.slow()
  const username = uniqueEmail("linked").split("@")[0] ?? "linked"
  await signIn.goto()
  await signIn.playgroundIdButton.click()
  await idpLogin.signInAs(username)
  await home.expectSignedInAs(`${username}@example.test`)

  await expect(accounts.items).toHaveCount(1)
  await expect(accounts.items).toContainText(["Playground ID"])

  // The apps also sign in with a password, so Playground ID is not the user's last way in.
  await accounts.unlinkButton(accounts.items.first()).click()

  await expect(accounts.status).toHaveText("Playground ID unlinked.")
  await expect(accounts.items).toHaveCount(0)
  await expect(accounts.empty).toBeVisible()
  await home.goto()
  await home.expectSignedInAs(`${username}@example.test`)
  await expect(accounts.empty).toBeVisible()
})

test("the demo user's home page has both sections", async ({
  page,
  basePath,
  accounts,
  sessions,
}) => {
  await signInAsDemoUser(page, basePath)

  await expect(sessions.region.getByRole("heading", { name: "Your sessions" })).toBeVisible()
  await expect(sessions.current).toHaveCount(1)
  await expect(accounts.region.getByRole("heading", { name: "Linked accounts" })).toBeVisible()
  // Credentials sign-ins link no account.
  await expect(accounts.empty).toBeVisible()
})
