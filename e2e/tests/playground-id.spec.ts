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

  // Auth.js's error value stays; `code=access_denied` says why.
  await expect(page).toHaveURL(urlStartingWith(`${basePath}/signin?error=OAuthCallbackError`))
  expect(new URL(page.url()).searchParams.get("code")).toBe("access_denied")
  await expect(signIn.error).toHaveText("Sign-in was cancelled.")
  await expect(page.getByText("Try signing in with a different account.")).toHaveCount(0)
  await home.goto()
  await home.expectSignedOut()
})
