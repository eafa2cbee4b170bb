/**
 * The home page's "Call the provider's userinfo" button: the app gets Playground ID's access
 * token with its integration's `getAccessToken` and calls the provider's userinfo endpoint with
 * it. The targets run the provider with access tokens shorter than `getAccessToken`'s 60 s skew
 * (`PLAYGROUND_ID_ACCESS_TOKEN_TTL`), so every call refreshes the token first.
 */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test, uniqueEmail } from "../fixtures.js"

test("shows Playground ID's userinfo, through a refreshed access token on every call", async ({
  page,
  home,
  signIn,
  idpLogin,
  userinfo,
}) => {
  const username = uniqueEmail("userinfo").split("@")[0] ?? "userinfo"
  const email = `${username}@example.test`
  await signIn.goto()
  await signIn.playgroundIdButton.click()
  await idpLogin.signInAs(username)
  await home.expectSignedInAs(email)

  await userinfo.callButton.click()
  await expect(userinfo.status).toHaveText(
    "Playground ID's userinfo, fetched with the access token:",
  )
  await expect(userinfo.claims).toContainText(`"email": "${email}"`)
  await expect(userinfo.expiry).toBeVisible()

  await userinfo.callButton.click()
  await expect(userinfo.refreshed).toBeVisible()
  await expect(userinfo.claims).toContainText(`"sub": "${username}"`)

  // JWT sessions: the refresh re-sealed the session cookie, which still signs the user in.
  await page.reload()
  await home.expectSignedInAs(email)
})

test("tells a user who signed in another way to sign in with Playground ID", async ({
  home,
  signIn,
  userinfo,
}) => {
  await signIn.goto()
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await home.expectSignedInAs(DEMO_USER.email)

  await userinfo.callButton.click()

  await expect(userinfo.status).toHaveText(
    "You signed in another way: sign in with Playground ID to call its userinfo.",
  )
  await expect(userinfo.claims).toHaveCount(0)
})
