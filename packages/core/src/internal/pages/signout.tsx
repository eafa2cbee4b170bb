import type { JSX } from "preact"
import type { Theme } from "../../types/theme.js"
import { ThemeLogo } from "./document.js"

/** What the sign-out page shows. */
export interface SignOutPageProps {
  csrfToken: string
  /** Where the form posts: `<basePath>/signout`. */
  actionUrl: string
  theme: Theme
  /** The site's origin: where "Cancel" leads when there is no callback URL. */
  origin: string
  /**
   * A server-validated callback URL to send back; without it the callback-url cookie is used.
   * "Cancel" leads there too: the page the user came from.
   */
  callbackUrl?: string
}

/** The sign-out confirmation page: the "Sign out" heading and button, and "Cancel" to go back. */
export function SignOutPage(props: SignOutPageProps): JSX.Element {
  const { csrfToken, actionUrl, theme, origin, callbackUrl } = props
  return (
    <div class="signout">
      <div class="card">
        <ThemeLogo theme={theme} />
        {/* Auth.js: "Signout". */}
        <h1>Sign out</h1>
        <p>Are you sure you want to sign out?</p>
        <form action={actionUrl} method="POST">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
          <button id="submitButton" type="submit">
            Sign out
          </button>
        </form>
        <a class="button" href={callbackUrl || origin}>
          Cancel
        </a>
      </div>
    </div>
  )
}
