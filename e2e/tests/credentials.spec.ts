/** Signing in with the demo user's e-mail and password. */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test, urlStartingWith } from "../fixtures.js"

test("the demo user signs in from the home page and sees the session", async ({
  page,
  home,
  signIn,
}) => {
  await home.goto()
  await home.expectSignedOut()
  await home.signInLink.click()
  await signIn.expectLoaded()
  await expect(page.getByText(`Email (demo: ${DEMO_USER.email})`)).toBeVisible()

  const callback = await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)

  expect(callback.status()).toBe(302)
  await expect(page).toHaveURL("/")
  await home.expectSignedInAs(DEMO_USER.email)
  await expect(page.getByRole("heading", { name: `Signed in as ${DEMO_USER.name}` })).toBeVisible()
})

test("a wrong password shows the sign-in error, keeps the e-mail and signs nobody in", async ({
  page,
  basePath,
  home,
  signIn,
}) => {
  await signIn.goto()

  await signIn.signInWithCredentials(DEMO_USER.email, "not-the-password")

  await expect(page).toHaveURL(urlStartingWith(`${basePath}/signin?error=CredentialsSignin`))
  await expect(signIn.error).toHaveText(
    "Sign in failed. Check the details you provided are correct.",
  )
  // What the user typed stays, the password excepted, and the cursor waits in the password field.
  await expect(signIn.email).toHaveValue(DEMO_USER.email)
  await expect(signIn.password).toHaveValue("")
  await expect(signIn.password).toBeFocused()
  await home.goto()
  await home.expectSignedOut()
})
