/**
 * Every built-in page and every app page passes axe-core's checks (all rules but the
 * experimental ones: WCAG 2.x A/AA and best practices) in the light and the dark color scheme,
 * and fits a 375 px wide screen without scrolling sideways (WCAG 1.4.10, reflow).
 *
 * Target-generic (the UI contract's pages only), run by targets with the feature `a11y`.
 */
import { DEMO_USER } from "@auth/example-support/demo-user"
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { expect, test, uniqueEmail } from "../fixtures.js"

const COLOR_SCHEMES = ["light", "dark"] as const

/** The built-in pages, as paths under the base path: each view of each page. */
const BUILT_IN_PAGES = [
  "/signin",
  "/signin?error=CredentialsSignin",
  "/signin?error=SessionRequired",
  "/signout",
  "/verify-request?provider=nodemailer&type=email",
  "/error?error=Configuration",
  "/error?error=AccessDenied",
  "/error?error=Verification",
  "/error?error=Default",
]

/** The violations axe finds on the current page, one readable line per rule and element. */
async function violationsOn(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`,
    ),
  )
}

/** Opens `path` (or takes the page as it is) and checks it has no violations. */
async function expectAccessible(page: Page, path?: string): Promise<void> {
  if (path !== undefined) await page.goto(path)
  await expect(page.locator("body")).toBeVisible()
  expect(await violationsOn(page), `axe violations on ${page.url()}`).toEqual([])
}

for (const colorScheme of COLOR_SCHEMES) {
  test.describe(`${colorScheme} color scheme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme })
    })

    test("every built-in page has no axe violations", async ({ page, basePath }) => {
      for (const path of BUILT_IN_PAGES) await expectAccessible(page, `${basePath}${path}`)
    })

    test("the app's pages signed out have no axe violations", async ({ page, signIn }) => {
      await expectAccessible(page, "/")
      await expectAccessible(page, "/mailbox")
      // Where the protected page sends a signed-out visitor.
      await page.goto("/protected")
      await signIn.expectLoadedWithCallbackTo("/protected")
      await expectAccessible(page)
    })

    test("the app's pages signed in have no axe violations", async ({
      page,
      basePath,
      home,
      signIn,
    }) => {
      // A message in the mailbox first, so its list is checked too.
      await signIn.goto()
      await signIn.requestMagicLink(uniqueEmail("a11y"))
      await signIn.goto("/")
      await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
      await home.expectSignedInAs(DEMO_USER.email)

      await expectAccessible(page)
      await expectAccessible(page, "/protected")
      await expectAccessible(page, "/mailbox")
      await expect(page.getByRole("article").first()).toBeVisible()
      await expectAccessible(page, `${basePath}/signout`)
    })
  })
}

test("every page fits a 375 px wide screen", async ({ page, basePath, signIn, home }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const fits = async (path: string) => {
    await page.goto(path)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, `page width of ${path}`).toBeLessThanOrEqual(375)
  }
  for (const path of BUILT_IN_PAGES) await fits(`${basePath}${path}`)
  await fits("/")
  await fits("/mailbox")
  await signIn.goto("/")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await home.expectSignedInAs(DEMO_USER.email)
  for (const path of ["/", "/protected", "/mailbox"]) await fits(path)
})
