/**
 * Whether a request to a guarded page wants JSON (a script) or a page (a browser): the guards of
 * every integration answer the first with `401` and send the second to the sign-in page.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1 Accept
 */

/** One media range of an `Accept` header, with its weight. */
interface MediaRange {
  readonly type: string
  readonly subtype: string
  readonly q: number
}

/** RFC 9110 `weight`: `0` to `1` with at most three decimals. */
const WEIGHT = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/

/**
 * Whether a request asks for JSON rather than a page: `X-Requested-With: XMLHttpRequest`, or an
 * `Accept` header that weighs `application/json` above `text/html` (a browser's navigation ranks
 * HTML first; a script's `fetch` that wants JSON says so). No `Accept` means a page.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1
 * @example
 * prefersJson(new Headers({ accept: "application/json, text/html;q=0.5" })) // true
 * prefersJson(new Headers({ accept: "text/html,application/xhtml+xml,*\/*;q=0.8" })) // false
 */
export function prefersJson(headers: Headers): boolean {
  if (headers.get("x-requested-with")?.trim().toLowerCase() === "xmlhttprequest") return true
  const accept = headers.get("accept")
  if (!accept) return false
  const ranges = parseAccept(accept)
  return weightOf(ranges, "application", "json") > weightOf(ranges, "text", "html")
}

function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = []
  for (const part of accept.split(",")) {
    const [media = "", ...params] = part.split(";")
    const [type = "", subtype = ""] = media.trim().toLowerCase().split("/")
    if (!type || !subtype) continue
    let q = 1
    for (const param of params) {
      const [key = "", value = ""] = param.split("=").map((s) => s.trim().toLowerCase())
      if (key === "q") q = WEIGHT.test(value) ? Number(value) : 0
    }
    ranges.push({ type, subtype, q })
  }
  return ranges
}

/** The weight the most specific range matching `type/subtype` gives it; `0` when none does. */
function weightOf(ranges: readonly MediaRange[], type: string, subtype: string): number {
  const exact = ranges.find((r) => r.type === type && r.subtype === subtype)
  if (exact) return exact.q
  const anySubtype = ranges.find((r) => r.type === type && r.subtype === "*")
  if (anySubtype) return anySubtype.q
  return ranges.find((r) => r.type === "*" && r.subtype === "*")?.q ?? 0
}
