/** The built-in pages wear the playground's theme: brand color, logo, light and dark schemes. */
import type { Page } from "@playwright/test"
import { expect, test, uniqueEmail } from "../fixtures.js"

const BRAND_COLOR = "#4f46e5"
const BRAND_RGB = "rgb(79, 70, 229)"

function bodyStyle(page: Page, property: string): Promise<string> {
  return page.evaluate(
    (name) => getComputedStyle(document.body).getPropertyValue(name).trim(),
    property,
  )
}

test("the sign-in page uses the brand color, the logo and the auto color scheme", async ({
  page,
  signIn,
}) => {
  await signIn.goto()

  await expect(page.locator("body")).toHaveClass("__next-auth-theme-auto")
  expect(await bodyStyle(page, "--brand-color")).toBe(BRAND_COLOR)
  await expect(signIn.demoUserButton).toHaveCSS("background-color", BRAND_RGB)
  const logo = page.getByRole("img", { name: "Logo" })
  await expect(logo).toBeVisible()
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})

test("the auto scheme follows the system: light, then dark", async ({ page, signIn }) => {
  await page.emulateMedia({ colorScheme: "light" })
  await signIn.goto()
  const card = page.locator(".card")
  await expect(card).toHaveCSS("background-color", "rgb(255, 255, 255)")

  await page.emulateMedia({ colorScheme: "dark" })

  await expect(card).toHaveCSS("background-color", "rgb(22, 27, 34)")
  expect(await bodyStyle(page, "color-scheme")).toBe("dark")
})

test("the verify-request and sign-out pages share the theme", async ({ page, signIn, signOut }) => {
  await signIn.goto()
  await signIn.requestMagicLink(uniqueEmail("themed"))
  await expect(page.locator("body")).toHaveClass("__next-auth-theme-auto")
  expect(await bodyStyle(page, "--brand-color")).toBe(BRAND_COLOR)

  await signOut.goto()

  await expect(page.locator("body")).toHaveClass("__next-auth-theme-auto")
  await expect(signOut.confirmButton).toHaveCSS("background-color", BRAND_RGB)
})

test("the check-your-email page links the playground mailbox", async ({
  page,
  signIn,
  mailbox,
}) => {
  const email = uniqueEmail("hint")
  await signIn.goto()
  await signIn.requestMagicLink(email)

  await page.getByRole("link", { name: "Open the playground mailbox" }).click()

  await expect(page).toHaveURL("/mailbox")
  await expect(mailbox.messagesTo(email)).toHaveCount(1)
})
