/**
 * The media type of a `Content-Type` header, parsed rather than searched: in
 * `text/plain; charset=application/json` the type is `text/plain`, whatever its parameters say.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1 Media type
 */

/** RFC 9110 `token` characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/

/**
 * The `type/subtype` of a `Content-Type` value, lowercased, or `undefined` when the header is
 * missing or its media type is malformed. Parameters are ignored.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1
 * @example
 * parseMediaType("Application/JSON; charset=utf-8") // "application/json"
 * parseMediaType("text/plain; charset=application/json") // "text/plain"
 */
export function parseMediaType(header: string | null): string | undefined {
  if (header === null) return undefined
  const separator = header.indexOf(";")
  const essence = (separator === -1 ? header : header.slice(0, separator)).trim().toLowerCase()
  const slash = essence.indexOf("/")
  if (slash === -1) return undefined
  const type = essence.slice(0, slash)
  const subtype = essence.slice(slash + 1)
  return TOKEN.test(type) && TOKEN.test(subtype) ? essence : undefined
}
