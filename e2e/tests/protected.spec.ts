/** A protected page sends people to sign in, and back to it afterwards. */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test } from "../fixtures.js"

test("a protected page redirects to sign-in and back after signing in", async ({
  page,
  signIn,
}) => {
  await page.goto("/protected")

  await signIn.expectLoadedWithCallbackTo("/protected")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)

  await expect(page).toHaveURL("/protected")
  await expect(page.getByRole("heading", { name: "Protected page" })).toBeVisible()
  await expect(page.getByText(`Hello, ${DEMO_USER.name}!`)).toBeVisible()
})
