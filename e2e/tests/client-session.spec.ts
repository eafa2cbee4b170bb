/**
 * The framework's own helpers on the home page (feature `browser-client`): server-side and
 * browser-side sign-in and sign-out, and the session as the browser client sees it, kept in
 * step across tabs.
 */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test } from "../fixtures.js"
import { HomePage } from "../pages/home-page.js"

/** Each helper signs in and out with the other, so every pairing is covered once. */
const WAYS = [
  { signInWith: "server", signOutWith: "browser" },
  { signInWith: "browser", signOutWith: "server" },
] as const

for (const { signInWith, signOutWith } of WAYS) {
  test(`signs in with the ${signInWith}-side helper and out with the ${signOutWith}-side one`, async ({
    page,
    home,
  }) => {
    await home.goto()
    await home.expectClientSignedOut()

    await (signInWith === "server" ? home.serverSignInButton : home.browserSignInButton).click()

    await expect(page).toHaveURL("/")
    await home.expectSignedInAs(DEMO_USER.email)
    await home.expectClientSignedInAs(DEMO_USER.email)

    await (signOutWith === "server" ? home.serverSignOutButton : home.browserSignOutButton).click()

    await expect(page).toHaveURL("/")
    await home.expectSignedOut()
    await home.expectClientSignedOut()
  })
}

test("a sign-out in one tab signs the browser client out in the other", async ({
  context,
  home,
}) => {
  await home.goto()
  await home.browserSignInButton.click()
  await home.expectClientSignedInAs(DEMO_USER.email)
  const otherHome = new HomePage(await context.newPage())
  await otherHome.goto()
  await otherHome.expectClientSignedInAs(DEMO_USER.email)

  await home.browserSignOutButton.click()

  await home.expectClientSignedOut()
  await otherHome.expectClientSignedOut()
})
