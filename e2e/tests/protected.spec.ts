/**
 * A protected page sends people to sign in, and back to it afterwards; later sign-ins and
 * sign-outs without a `callbackUrl` go home, not back to it (the callback-URL cookie does not
 * stick: see docs/compatibility.md).
 */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test } from "../fixtures.js"

test("a protected page redirects to sign-in and back; later sign-ins and sign-outs go home", async ({
  page,
  home,
  signIn,
  signOut,
}) => {
  await page.goto("/protected")

  await signIn.expectLoadedWithCallbackTo("/protected")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)

  await expect(page).toHaveURL("/protected")
  await expect(page.getByRole("heading", { name: "Protected page" })).toBeVisible()
  await expect(page.getByText(`Hello, ${DEMO_USER.name}!`)).toBeVisible()

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
