import type { JSX } from "preact"
import type { Theme } from "../../types/theme.js"
import type { ErrorPageParam } from "../../types.js"
import { ThemeLogo } from "./document.js"
import { SiteLink } from "./site-link.js"

/** What the error page shows. */
export interface ErrorPageProps {
  /** The `error` query parameter. */
  error?: string
  origin: string
  /** The sign-in page, for the "Sign in" link of `AccessDenied` and `Verification`. */
  signInUrl: string
  theme: Theme
}

interface ErrorView {
  status: number
  heading: string
  message: JSX.Element
  signIn?: JSX.Element
}

function errorView(error: string | undefined, origin: string, signInUrl: string): ErrorView {
  const signInLink = (
    <a class="button" href={signInUrl}>
      Sign in
    </a>
  )
  const views: Record<ErrorPageParam, ErrorView> = {
    Configuration: {
      status: 500,
      heading: "Server error",
      message: (
        <div>
          <p>There is a problem with the server configuration.</p>
          <p>Check the server logs for more information.</p>
          {/* Not in Auth.js: a way back to the site. */}
          <p>
            <SiteLink origin={origin} />
          </p>
        </div>
      ),
    },
    AccessDenied: {
      status: 403,
      heading: "Access Denied",
      message: (
        <div>
          <p>You do not have permission to sign in.</p>
          <p>{signInLink}</p>
        </div>
      ),
    },
    Verification: {
      status: 403,
      heading: "Unable to sign in",
      message: (
        <div>
          <p>The sign in link is no longer valid.</p>
          <p>It may have been used already or it may have expired.</p>
        </div>
      ),
      signIn: signInLink,
    },
  }
  if (error !== undefined && Object.hasOwn(views, error)) return views[error as ErrorPageParam]
  return {
    status: 200,
    heading: "Error",
    message: (
      <p>
        <SiteLink origin={origin} />
      </p>
    ),
  }
}

/** The error page and its HTTP status (see compat.md section 8). */
export function ErrorPage(props: ErrorPageProps): { status: number; page: JSX.Element } {
  const { error, origin, signInUrl, theme } = props
  const { status, heading, message, signIn } = errorView(error, origin, signInUrl)
  return {
    status,
    page: (
      <div class="error">
        <div class="card">
          <ThemeLogo theme={theme} />
          <h1>{heading}</h1>
          <div class="message">{message}</div>
          {signIn ?? null}
        </div>
      </div>
    ),
  }
}
