/**
 * Passkeys (feature `passkeys`): added on the home page, used alone on the sign-in page, and
 * removed again; a replayed sign-in, an authenticator without the passkey and a passkey of
 * another site are refused (the last by the browser, and by the server when forged). Chromium's
 * virtual authenticator (`authenticator`) stands in for the device: present and verified at
 * once, so nothing waits for a person, and a failed ceremony fails at once.
 */
import { DEMO_USER } from "@auth/example-support/demo-user"
import { expect, test, uniqueEmail, urlStartingWith } from "../fixtures.js"
import { forgeAssertion } from "../forged-assertion.js"
import type { SignInPage } from "../pages/sign-in-page.js"
import type { SignOutPage } from "../pages/sign-out-page.js"
import { turnOffPasskeyAutofill } from "../virtual-authenticator.js"

/** What the sign-in page says when no passkey answered (the browser's `NotAllowedError`). */
const NO_PASSKEY = "The passkey request was cancelled or timed out. Try again."
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token=[^;]/

/** A new user who signed up on the sign-in page with a passkey alone, then signed out. */
async function signUpWithPasskey(signIn: SignInPage, signOut: SignOutPage): Promise<string> {
  const email = uniqueEmail("passkey")
  await signIn.goto("/")
  expect((await signIn.signInWithPasskey(email)).status()).toBe(302)
  await expect(signIn.page).toHaveURL("/")
  await expect(signIn.page.getByTestId("session-email")).toHaveText(email)
  await signOut.goto()
  await signOut.confirm()
  return email
}

test("the demo user adds a passkey, signs in with it alone, and removes it", async ({
  page,
  authenticator,
  home,
  passkeys,
  signIn,
  signOut,
}) => {
  // The button, not the autofill: Chromium's authenticator would answer the autofill on load.
  await turnOffPasskeyAutofill(page)
  await signIn.goto("/")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await home.expectSignedInAs(DEMO_USER.email)
  await expect(passkeys.empty).toBeVisible()

  await passkeys.addButton.click()

  await expect(passkeys.status).toHaveText("Passkey added.")
  await expect(passkeys.items).toHaveCount(1)
  await expect(passkeys.items).toContainText([/Added .+ Last used never/])
  expect(await authenticator.credentials()).toMatchObject([
    { rpId: "localhost", isResidentCredential: true },
  ])

  await signOut.goto()
  await signOut.confirm()
  await home.expectSignedOut()
  // No e-mail: the authenticator offers the passkeys it holds for this site, and the passkey
  // says who the user is.
  await signIn.goto("/")
  const callback = await signIn.signInWithPasskey()

  expect(callback.status()).toBe(302)
  await expect(page).toHaveURL("/")
  await home.expectSignedInAs(DEMO_USER.email)
  await expect(passkeys.items).toHaveCount(1)
  await expect(passkeys.items.first()).toContainText(/Last used (?!never)\S/)

  // The demo user also signs in with a password, so the passkey is not the last way in.
  await passkeys.removeButton(passkeys.items.first()).click()

  await expect(passkeys.status).toHaveText("Passkey removed.")
  await expect(passkeys.items).toHaveCount(0)
  await expect(passkeys.empty).toBeVisible()
})

test("a cancelled passkey prompt adds nothing and says so", async ({
  authenticator,
  home,
  passkeys,
  signIn,
}) => {
  await signIn.goto("/")
  await signIn.signInWithCredentials(DEMO_USER.email, DEMO_USER.password)
  await home.expectSignedInAs(DEMO_USER.email)
  await expect(passkeys.empty).toBeVisible()
  // The device's screen lock fails: the browser reports it as it reports a cancelled prompt.
  await authenticator.setUserVerified(false)

  await passkeys.addButton.click()

  await expect(passkeys.status).toHaveText(
    "No passkey was added: the request was cancelled or timed out.",
  )
  await expect(passkeys.empty).toBeVisible()
  expect(await authenticator.credentials()).toEqual([])
})

test("a replayed passkey sign-in is refused", async ({
  authenticator,
  basePath,
  home,
  request,
  signIn,
  signOut,
}) => {
  const email = await signUpWithPasskey(signIn, signOut)
  // Opening the sign-in page is enough: it offers the passkey in the e-mail field's autofill
  // (conditional UI), which Chromium's authenticator answers at once.
  const signedIn = signIn.passkeyCallback()
  await signIn.goto("/")
  const callback = await signedIn
  await home.expectSignedInAs(email)
  expect(await authenticator.credentials()).toHaveLength(1)

  // The same request again, cookies and all: its challenge was used up by the first one.
  const sent = callback.request()
  const replay = await request.post(sent.url(), {
    headers: {
      cookie: (await sent.headerValue("cookie")) ?? "",
      "content-type": "application/x-www-form-urlencoded",
      // As the browser sent it: SvelteKit and Astro refuse form posts from another origin.
      origin: new URL(sent.url()).origin,
    },
    data: sent.postData() ?? "",
    maxRedirects: 0,
  })

  expect(replay.status()).toBe(302)
  expect(replay.headers().location).toMatch(
    urlStartingWith(`${basePath}/error?error=WebAuthnVerificationError`),
  )
  const setCookies = replay
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value)
  expect(setCookies.filter((cookie) => SESSION_COOKIE.test(cookie))).toEqual([])
  // The replay's own cookie jar holds no session either.
  const session = await request.get(`${basePath}/session`)
  expect(await session.json()).toBeNull()
})

test("an authenticator without the passkey cannot sign in, and the page says so", async ({
  page,
  authenticator,
  basePath,
  home,
  signIn,
  signOut,
}) => {
  const email = await signUpWithPasskey(signIn, signOut)
  // Another device of the same user: it never made a passkey for this site.
  await authenticator.clearCredentials()
  await signIn.goto("/")
  let posted = false
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === `${basePath}/callback/passkey`) posted = true
  })

  // With the e-mail, the options name the user's passkey, which this authenticator lacks.
  await signIn.passkeyEmail.fill(email)
  await signIn.passkeyButton.click()

  await expect(signIn.passkeyError).toHaveText(NO_PASSKEY)
  expect(posted).toBe(false)
  await expect(page).toHaveURL((url) => url.pathname === `${basePath}/signin`)
  await home.goto()
  await home.expectSignedOut()
})

test("a passkey of another site is not offered here", async ({
  page,
  authenticator,
  basePath,
  home,
  signIn,
}) => {
  const foreign = await authenticator.addCredentialFor("example.com")
  await signIn.goto("/")

  // No e-mail: any passkey this authenticator holds for the site; it holds one for another.
  await signIn.passkeyButton.click()

  await expect(signIn.passkeyError).toHaveText(NO_PASSKEY)
  await expect(page).toHaveURL((url) => url.pathname === `${basePath}/signin`)
  expect(await authenticator.credentials()).toMatchObject([
    { credentialId: foreign.credentialId, rpId: "example.com", signCount: 0 },
  ])
  await home.goto()
  await home.expectSignedOut()
})

test("the server refuses a passkey response signed for another site", async ({
  authenticator,
  basePath,
  request,
  running,
  signIn,
  signOut,
}) => {
  const email = await signUpWithPasskey(signIn, signOut)
  const [credential] = await authenticator.credentials()
  if (!credential) throw new Error("The sign-up left no passkey in the authenticator.")
  // What no browser sends from this site: the user's own passkey, signed for `rpId`.
  const signInAs = async (rpId: string) => {
    const options = await request.get(`${basePath}/webauthn-options/passkey?action=authenticate`)
    const { challenge } = ((await options.json()) as { options: { challenge: string } }).options
    const { csrfToken } = (await (await request.get(`${basePath}/csrf`)).json()) as {
      csrfToken: string
    }
    const data = forgeAssertion(credential, {
      challenge,
      origin: running.url,
      rpId,
      signCount: credential.signCount + 1,
    })
    return request.post(`${basePath}/callback/passkey`, {
      form: { action: "authenticate", data: JSON.stringify(data), csrfToken, callbackUrl: "/" },
      // As a browser would: SvelteKit and Astro refuse form posts from another origin.
      headers: { origin: new URL(running.url).origin },
      maxRedirects: 0,
    })
  }

  const foreign = await signInAs("example.com")

  expect(foreign.status()).toBe(302)
  expect(foreign.headers().location).toMatch(
    urlStartingWith(`${basePath}/error?error=WebAuthnVerificationError`),
  )
  expect(await (await request.get(`${basePath}/session`)).json()).toBeNull()
  // The same response for this site is accepted: the relying party id alone made the difference.
  const own = await signInAs("localhost")
  expect(own.status()).toBe(302)
  expect(await (await request.get(`${basePath}/session`)).json()).toMatchObject({
    user: { email },
  })
})
