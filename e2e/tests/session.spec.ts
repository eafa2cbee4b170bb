/** The session cookie: kept across reloads, cleared by signing out. */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test } from "../fixtures.js"

const SESSION_COOKIE = "authjs.session-token"

test.beforeEach(async ({ page, signIn, home }) => {
  await signIn.goto("/")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await expect(page).toHaveURL("/")
  await home.expectSignedInAs(DEMO_USER.email)
})

test("the session survives a reload", async ({ page, basePath, home }) => {
  await page.reload()

  await home.expectSignedInAs(DEMO_USER.email)
  const session = await page.request.get(`${basePath}/session`)
  expect(await session.json()).toMatchObject({ user: { email: DEMO_USER.email } })
})

test("signing out clears the session", async ({
  page,
  basePath,
  context,
  home,
  signIn,
  signOut,
}) => {
  await home.signOutLink.click()
  await expect(page).toHaveURL(`${basePath}/signout`)

  await signOut.confirm()

  await expect(page).toHaveURL("/")
  await home.expectSignedOut()
  const cookies = await context.cookies()
  expect(cookies.map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE)
  await page.goto("/protected")
  await signIn.expectLoadedWithCallbackTo("/protected")
})
