/**
 * The playground's own pages (issue 32, part 3; the rough edges in core's built-in pages, which
 * every app shows, are tested where their topic is: protected.spec.ts, playground-id.spec.ts,
 * credentials.spec.ts):
 *
 * - the home page fits a 375 px screen with a long data folder path;
 * - "Sign out" is in the header of every page, the protected page's included;
 * - in the dark color scheme the app's buttons and the built-in pages' are one theme.
 *
 * Only targets with the `playground-pages` feature run it (see targets/index.ts).
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DEMO_USER } from "@auth/example-support/demo-user"
import type { Locator, Page } from "@playwright/test"
import { scaled } from "../../scripts/test-timeouts.mjs"
import { expect, test } from "../fixtures.js"

test("the home page fits a 375 px screen with a long data folder path", async ({ page }) => {
  // Where a person's checkout often is: deeper than the suite's temp folder, and the home page
  // names it ("Storage: PGlite in <folder>/pglite"). A playground of its own shows it. No `-`
  // in the folder names: a browser may break a line after one, never after a `/`.
  test.setTimeout(scaled(120_000))
  const root = await mkdtemp(join(tmpdir(), "e2e-playground-long-"))
  const dataDir = join(
    root,
    "home",
    "someonewithalongname",
    "projects",
    "authenticationexperiments",
    "apps",
    "playground",
    ".playground-data",
  )
  const { startPlayground } = await import("playground")
  const playground = await startPlayground({ port: 0, dataDir, log: () => {} })
  try {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto(`${playground.url}/`)
    const storage = page.getByText(`PGlite in ${join(dataDir, "pglite")}`, { exact: false })
    await expect(storage).toBeVisible()

    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }))
    expect(widths.page, "the page scrolls sideways").toBeLessThanOrEqual(widths.screen)
  } finally {
    await playground.close()
    await rm(root, { recursive: true, force: true })
  }
})

test("'Sign out' is in the header of every page, the protected page's too", async ({
  page,
  basePath,
  home,
  signIn,
  signOut,
}) => {
  await signIn.goto("/")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await home.expectSignedInAs(DEMO_USER.email)

  const headerSignOut = page.getByRole("banner").getByRole("link", { name: "Sign out" })
  for (const path of ["/", "/mailbox", "/protected"]) {
    await page.goto(path)
    await expect(headerSignOut, `the header of ${path}`).toHaveAttribute(
      "href",
      `${basePath}/signout`,
    )
    // One way to sign out per page: the header's.
    await expect(page.getByRole("link", { name: "Sign out" })).toHaveCount(1)
  }

  // From the protected page: the sign-out page, then home, signed out.
  await expect(page.getByRole("heading", { name: "Protected page" })).toBeVisible()
  await headerSignOut.click()
  await expect(page).toHaveURL(`${basePath}/signout`)
  await signOut.confirm()
  await expect(page).toHaveURL("/")
  await home.expectSignedOut()
  await expect(headerSignOut).toHaveCount(0)
})

/** The colors a person sees on a button. */
async function buttonColors(button: Locator) {
  await expect(button).toBeVisible()
  return button.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      background: style.backgroundColor,
      text: style.color,
      border: style.borderTopColor,
    }
  })
}

/** The WCAG contrast ratio of two computed `rgb(…)` colors. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
  }
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

async function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor)
}

test("in the dark color scheme the app's buttons and the built-in pages' are one theme", async ({
  page,
  home,
  signIn,
  signOut,
}) => {
  await page.emulateMedia({ colorScheme: "dark" })

  await home.goto()
  const appMain = await buttonColors(home.signInLink)
  const appOther = await buttonColors(page.getByRole("link", { name: "Try the protected page" }))
  const appBackground = await pageBackground(page)

  await signIn.goto()
  const builtInMain = await buttonColors(signIn.demoUserButton)
  await signOut.goto()
  const builtInOther = await buttonColors(page.getByRole("link", { name: "Cancel" }))
  const builtInBackground = await pageBackground(page)

  expect(appBackground).toBe(builtInBackground)
  // The main buttons: the same color and text.
  expect({ background: appMain.background, text: appMain.text }).toEqual({
    background: builtInMain.background,
    text: builtInMain.text,
  })
  // The other buttons: the same fill, text and border.
  expect(appOther).toEqual(builtInOther)
  // And readable: WCAG AA for text.
  expect(contrast(appMain.text, appMain.background)).toBeGreaterThanOrEqual(4.5)
  expect(contrast(appOther.text, appOther.background)).toBeGreaterThanOrEqual(4.5)
})
