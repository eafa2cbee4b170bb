import type { JSX } from "preact"
import type { Theme } from "../../types.js"
import { ThemeLogo } from "./document.js"
import { SiteLink } from "./site-link.js"

/** What the verify-request ("check your email") page shows. */
export interface VerifyRequestPageProps {
  origin: string
  theme: Theme
}

/** The page shown after a magic link was sent. */
export function VerifyRequestPage({ origin, theme }: VerifyRequestPageProps): JSX.Element {
  return (
    <div class="verify-request">
      <div class="card">
        <ThemeLogo theme={theme} />
        <h1>Check your email</h1>
        <p>A sign in link has been sent to your email address.</p>
        <p>
          <SiteLink origin={origin} />
        </p>
      </div>
    </div>
  )
}
