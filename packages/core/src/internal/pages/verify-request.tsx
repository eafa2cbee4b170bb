import type { JSX } from "preact"
import type { Theme } from "../../types/theme.js"
import { ThemeLogo } from "./document.js"
import { safeHttpUrl } from "./sanitize.js"
import { SiteLink } from "./site-link.js"

/** What the verify-request ("check your email") page shows. */
export interface VerifyRequestPageProps {
  origin: string
  theme: Theme
}

/** "Open <name>", linking `theme.mailbox` when the app configured a usable one. */
function MailboxLink({ theme }: { theme: Theme }): JSX.Element | null {
  const url = safeHttpUrl(theme.mailbox?.url)
  if (url === undefined) return null
  const name = theme.mailbox?.name
  const label = typeof name === "string" && name.trim() !== "" ? name.trim() : "your mailbox"
  return (
    <p>
      <a class="button" href={url}>
        Open {label}
      </a>
    </p>
  )
}

/** The page shown after a magic link was sent; it links the app's mailbox if the theme names one. */
export function VerifyRequestPage({ origin, theme }: VerifyRequestPageProps): JSX.Element {
  return (
    <div class="verify-request">
      <div class="card">
        <ThemeLogo theme={theme} />
        <h1>Check your email</h1>
        <p>A sign in link has been sent to your email address.</p>
        <MailboxLink theme={theme} />
        <p>
          <SiteLink origin={origin} />
        </p>
      </div>
    </div>
  )
}
