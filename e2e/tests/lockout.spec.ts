/**
 * The credentials lockout (issue 29's rate limits) as a user meets it: the sign-in page's
 * `RateLimited` message. It does not depend on the session strategy (nothing is signed in), so
 * each target runs it once, on the database strategy.
 */
import { expect, test, urlStartingWith } from "../fixtures.js"

test("repeated wrong passwords lock the address out, and the page says so", async ({
  page,
  basePath,
  signIn,
}) => {
  // An address of this test's own (no user has it: it is limited all the same), so that the
  // demo user stays free for the other tests.
  const email = `locked-${crypto.randomUUID()}@example.test`
  for (let attempt = 0; attempt < 5; attempt++) {
    await signIn.goto()
    await signIn.signInWithCredentials(email, "not-the-password")
    await expect(page).toHaveURL(urlStartingWith(`${basePath}/signin?error=CredentialsSignin`))
  }
  await signIn.goto()
  await signIn.signInWithCredentials(email, "not-the-password")
  await expect(page).toHaveURL(urlStartingWith(`${basePath}/signin?error=RateLimited`))
  await expect(signIn.error).toHaveText("Too many attempts. Wait a little, then try again.")
})
