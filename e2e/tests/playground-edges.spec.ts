/**
 * The rough edges of core's built-in pages found in the playground (issue 32, part 3), one test
 * each, as a person sees them:
 *
 * 1. a sign-in page opened without `callbackUrl`, and the sign-out page, no longer return to a
 *    protected page an earlier sign-in went to (the callback-URL cookie was sticky);
 * 2. cancelling at Playground ID reads as a cancel, not as a failure;
 * 3. a wrong password keeps the e-mail the user typed.
 *
 * They need only the UI contract, so every target runs them; the playground's own pages' edges
 * are in playground-pages.spec.ts.
 */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test, urlStartingWith } from "../fixtures.js"

test("a sign-in or sign-out without callbackUrl does not return to a protected page visited earlier", async ({
  page,
  home,
  signIn,
  signOut,
}) => {
  // Signed out, the protected page sends the visitor to sign in, and back there afterwards.
  await page.goto("/protected")
  await signIn.expectLoadedWithCallbackTo("/protected")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await expect(page).toHaveURL("/protected")

  // Signing out from the sign-out page: back home, not to the protected page (which would only
  // send the signed-out visitor to sign in again).
  await signOut.goto()
  await signOut.confirm()
  await expect(page).toHaveURL("/")
  await home.expectSignedOut()

  // The protected page once more, left without signing in…
  await page.goto("/protected")
  await signIn.expectLoadedWithCallbackTo("/protected")
  // …then signing in from the sign-in page without callbackUrl: home, not the protected page.
  await signIn.goto()
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await expect(page).toHaveURL("/")
  await home.expectSignedInAs(DEMO_USER.email)

  await signOut.goto()
  await signOut.confirm()
  await expect(page).toHaveURL("/")
  await home.expectSignedOut()
})

test("cancelling at Playground ID says the sign-in was cancelled", async ({
  page,
  basePath,
  home,
  signIn,
  idpLogin,
}) => {
  await signIn.goto()
  await signIn.playgroundIdButton.click()
  await idpLogin.expectLoaded()

  await idpLogin.cancelButton.click()

  // Auth.js's error value stays; `code=access_denied` says why.
  await expect(page).toHaveURL(urlStartingWith(`${basePath}/signin?error=OAuthCallbackError`))
  expect(new URL(page.url()).searchParams.get("code")).toBe("access_denied")
  await expect(signIn.error).toHaveText("Sign-in was cancelled.")
  await expect(page.getByText("Try signing in with a different account.")).toHaveCount(0)
  await expect(signIn.playgroundIdButton).toBeVisible()
  await home.goto()
  await home.expectSignedOut()
})

test("a wrong password keeps the e-mail the user typed, and only the e-mail", async ({
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
  await expect(signIn.email).toHaveValue(DEMO_USER.email)
  await expect(signIn.password).toHaveValue("")
  // Ready for the password: no need to click.
  await expect(signIn.password).toBeFocused()
  // Kept in the browser: never in the URL (history, logs, Referer).
  expect(page.url()).not.toContain(encodeURIComponent(DEMO_USER.email))
  expect(page.url()).not.toContain(DEMO_USER.email)

  await page.keyboard.type(DEMO_USER.password)
  await signIn.demoUserButton.click()
  await expect(page).toHaveURL("/")
  await home.expectSignedInAs(DEMO_USER.email)
})
