/** The look of the built-in pages. */
export interface Theme {
  colorScheme?: "auto" | "dark" | "light"
  logo?: string
  brandColor?: string
  buttonText?: string
  /**
   * Where users read the sign-in e-mail (not in Auth.js). The "Check your email" page
   * (`verify-request`) then links it as "Open <name>": a webmail, or in development a local
   * mailbox such as the playground's `/mailbox`. Only `http:`/`https:` URLs and root-relative
   * paths are used; anything else is dropped.
   * @default undefined: no link
   * @example { url: "/mailbox", name: "the playground mailbox" }
   */
  mailbox?: ThemeMailbox
}

/** A link to the mailbox that receives the sign-in e-mails (see `Theme.mailbox`). */
export interface ThemeMailbox {
  /** An `http(s):` URL or a root-relative path. */
  url: string
  /** The link reads "Open <name>". @default "your mailbox" */
  name?: string
}
