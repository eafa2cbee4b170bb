/** Signing in with a link sent by e-mail, opened from the playground's mailbox. */
import { expect, test, uniqueEmail, urlStartingWith } from "../fixtures.js"

test("a magic link from the mailbox signs in", async ({ page, home, signIn, mailbox }) => {
  const email = uniqueEmail("reader")
  await signIn.goto()

  await signIn.requestMagicLink(email)
  await mailbox.goto()
  await expect(mailbox.messagesTo(email)).toHaveCount(1)
  await expect(mailbox.messagesTo(email)).toContainText("Sign in to")
  await mailbox.openSignInLink(email)

  await expect(page).toHaveURL("/")
  await home.expectSignedInAs(email)
})

test("a magic link works once", async ({ page, basePath, signIn, mailbox }) => {
  const email = uniqueEmail("twice")
  await signIn.goto()
  await signIn.requestMagicLink(email)
  await mailbox.goto()
  const link = await mailbox
    .messagesTo(email)
    .getByRole("link", { name: "Open the sign-in link" })
    .getAttribute("href")
  expect(link).toBeTruthy()
  await page.goto(link ?? "")
  await expect(page).toHaveURL("/")

  await page.context().clearCookies()
  await page.goto(link ?? "")

  await expect(page).toHaveURL(urlStartingWith(`${basePath}/error?error=Verification`))
})
