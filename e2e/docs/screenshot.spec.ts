/**
 * The README's screenshot of the playground's sign-in page, 1280x800, light scheme:
 * `pnpm --filter ./e2e docs` writes docs/playground-signin.png at the repository's root.
 */
import { fileURLToPath } from "node:url"
import { expect, test } from "../fixtures.js"

const SCREENSHOT = fileURLToPath(new URL("../../docs/playground-signin.png", import.meta.url))

test("screenshot of the sign-in page", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: "light" })
  await signIn.goto()
  await expect(signIn.demoUserButton).toBeVisible()
  await expect(page.getByRole("img", { name: "Logo" })).toBeVisible()

  await page.screenshot({ path: SCREENSHOT })
})
