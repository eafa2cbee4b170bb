import type { JSX } from "preact"
import type { Theme } from "../../types.js"
import { ThemeLogo } from "./document.js"

/** What the sign-out page shows. */
export interface SignOutPageProps {
  csrfToken: string
  /** Where the form posts: `<basePath>/signout`. */
  actionUrl: string
  theme: Theme
  /** A server-validated callback URL to send back; without it the callback-url cookie is used. */
  callbackUrl?: string
}

/** The sign-out confirmation page. */
export function SignOutPage(props: SignOutPageProps): JSX.Element {
  const { csrfToken, actionUrl, theme, callbackUrl } = props
  return (
    <div class="signout">
      <div class="card">
        <ThemeLogo theme={theme} />
        <h1>Signout</h1>
        <p>Are you sure you want to sign out?</p>
        <form action={actionUrl} method="POST">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
          <button id="submitButton" type="submit">
            Sign out
          </button>
        </form>
      </div>
    </div>
  )
}
