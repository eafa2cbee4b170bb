/**
 * The default `normalizeIdentifier` of e-mail providers: turns what the user typed into one
 * canonical address, or refuses it.
 *
 * Auth.js truncated `foo@a.com,evil.com` to `foo@a.com` and accepted anything with a single `@`;
 * here every input that is not exactly one plain address is refused, so that no address parser
 * further down (nodemailer's, an SMTP server's) can read more than one recipient into it.
 */

/** Longest input accepted, in UTF-16 code units (the classic 64 + 1 + 255 limit). */
const MAX_EMAIL_LENGTH = 320

/** Longest domain accepted (RFC 1035 section 2.3.4, without the trailing dot). */
const MAX_DOMAIN_LENGTH = 253

/**
 * Look-alike at-signs that NFKC folds into `@` (U+FE6B SMALL COMMERCIAL AT, U+FF20 FULLWIDTH
 * COMMERCIAL AT; no other code point does). They are refused on the raw input, before NFKC,
 * because once folded they would pass as the one real `@`.
 *
 * @see https://github.com/advisories/GHSA-7rqj-j65f-68wh
 * @see https://github.com/advisories/GHSA-5jpx-9hw9-2fx4
 */
const LOOKALIKE_AT = /[\uFE6B\uFF20]/u

/** Control, format (zero-width, bidi), surrogate and line/paragraph separator characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u

/** Characters with a meaning in address lists (RFC 5322 section 3.4), each with what it is. */
const SPECIALS: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\s\p{Zs}]/u, "a space"],
  [/,/, "a comma (a list of addresses)"],
  [/;/, "a semicolon (a list of addresses)"],
  [/:/, "a colon (a group of addresses)"],
  [/[<>]/, "an angle bracket (a display name)"],
  [/"/, "a double quote (a quoted local part)"],
  [/[()]/, "a parenthesis (a comment)"],
  [/\\/, "a backslash (an escape)"],
  [/[[\]]/, "a square bracket (an address literal)"],
]

/**
 * A local part: RFC 5322 `atext` and dots (dot placement is not checked, so legacy addresses
 * such as `taro..@docomo.ne.jp` still work), plus non-ASCII letters, marks and digits (RFC 6531).
 *
 * @see https://www.rfc-editor.org/rfc/rfc5322#section-3.2.3
 * @see https://www.rfc-editor.org/rfc/rfc6531#section-3.3
 */
const LOCAL_PART = /^[\p{L}\p{M}\p{N}!#$%&'*+\-/=?^_`{|}~.]+$/u

/**
 * A domain label: letters, digits and hyphens, not starting or ending with a hyphen; Unicode
 * letters are allowed for internationalized domain names.
 *
 * @see https://www.rfc-editor.org/rfc/rfc5890#section-2.3.1
 */
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u

/**
 * Normalizes an e-mail address and checks that it is exactly one plain address.
 *
 * Applies Unicode NFKC, trims and lowercases, then refuses look-alike at-signs, control and
 * invisible characters, list and group separators, display names, quoted local parts, comments,
 * address literals, and domains that are not dot-separated LDH labels (a dotless domain is
 * accepted only for `localhost`).
 *
 * @param input the submitted `email` field
 * @returns the normalized address, `local@domain`
 * @throws {TypeError} when the input is missing, not a string, too long, or not exactly one address;
 *   the message says which rule failed and never contains the input
 * @see https://www.rfc-editor.org/rfc/rfc5322#section-3.4.1
 * @example
 * normalizeEmailIdentifier("  Jane.Doe@Example.COM ") // "jane.doe@example.com"
 * normalizeEmailIdentifier("jane@example.com,evil.com") // throws TypeError
 */
export function normalizeEmailIdentifier(input: unknown): string {
  if (input === undefined || input === null || input === "") {
    throw new TypeError("Missing email from request body.")
  }
  if (typeof input !== "string") {
    throw new TypeError("Invalid e-mail address: expected a string.")
  }
  assertLength(input)
  if (LOOKALIKE_AT.test(input)) {
    throw new TypeError("Invalid e-mail address: it contains a look-alike of the @ sign.")
  }
  const email = input.normalize("NFKC").trim().toLowerCase()
  assertLength(email)
  assertPlainCharacters(email)
  const [local, domain] = splitAddress(email)
  assertLocalPart(local)
  assertDomain(domain)
  return email
}

function assertLength(email: string): void {
  if (email.length > MAX_EMAIL_LENGTH) {
    throw new TypeError(`Invalid e-mail address: it is longer than ${MAX_EMAIL_LENGTH} characters.`)
  }
}

function assertPlainCharacters(email: string): void {
  if (email === "") throw new TypeError("Missing email from request body.")
  if (INVISIBLE.test(email)) {
    throw new TypeError("Invalid e-mail address: it contains a control or invisible character.")
  }
  for (const [pattern, what] of SPECIALS) {
    if (pattern.test(email)) {
      throw new TypeError(`Invalid e-mail address: it contains ${what}; enter one address.`)
    }
  }
}

function splitAddress(email: string): [local: string, domain: string] {
  const parts = email.split("@")
  if (parts.length !== 2) {
    throw new TypeError(
      parts.length < 2
        ? "Invalid e-mail address: it has no @ sign."
        : "Invalid e-mail address: it contains more than one @ sign.",
    )
  }
  const [local = "", domain = ""] = parts
  if (local === "") throw new TypeError("Invalid e-mail address: the part before @ is empty.")
  if (domain === "") throw new TypeError("Invalid e-mail address: the domain after @ is empty.")
  return [local, domain]
}

function assertLocalPart(local: string): void {
  if (!LOCAL_PART.test(local)) {
    throw new TypeError(
      "Invalid e-mail address: the part before @ contains a character that is not allowed.",
    )
  }
}

function assertDomain(domain: string): void {
  if (domain.length > MAX_DOMAIN_LENGTH) {
    throw new TypeError(
      `Invalid e-mail address: the domain is longer than ${MAX_DOMAIN_LENGTH} characters.`,
    )
  }
  const labels = domain.split(".")
  if (labels.length === 1 && domain !== "localhost") {
    throw new TypeError("Invalid e-mail address: the domain has no dot.")
  }
  for (const label of labels) {
    if (!LABEL.test(label)) {
      throw new TypeError(
        "Invalid e-mail address: the domain must be dot-separated labels of letters, digits and inner hyphens.",
      )
    }
  }
  // A numeric top-level label means an IP address, which needs the refused literal syntax.
  // https://www.rfc-editor.org/rfc/rfc3696#section-2
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) {
    throw new TypeError("Invalid e-mail address: the top-level domain is numeric.")
  }
}
