/** Signing in with "Playground ID", the OpenID Connect provider the playground runs. */
import { expect, test, uniqueEmail, urlStartingWith } from "../fixtures.js"

test("signs in through the Playground ID login page", async ({ page, home, signIn, idpLogin }) => {
  const username = uniqueEmail("ada").split("@")[0] ?? "ada"
  await signIn.goto()

  await signIn.playgroundIdButton.click()
  await idpLogin.expectLoaded()
  await idpLogin.signInAs(username)

  await expect(page).toHaveURL("/")
  await home.expectSignedInAs(`${username}@example.test`)
})

test("cancelling on the Playground ID page returns to the sign-in page, which says so", async ({
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

  await expect(page).toHaveURL(urlStartingWith(`${basePath}/signin?error=OAuthCallbackError`))
  await expect(signIn.error).toHaveText("Sign-in was cancelled.")
  await home.goto()
  await home.expectSignedOut()
})
