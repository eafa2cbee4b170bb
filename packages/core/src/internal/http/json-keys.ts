/**
 * Duplicate member names in JSON text, which `JSON.parse` silently resolves to the last one.
 *
 * @see https://www.rfc-editor.org/rfc/rfc8259#section-4 "names within an object SHOULD be unique"
 */

/**
 * The first member name that occurs twice in one object of `text`, at any depth, or `undefined`.
 * Names are compared after unescaping (`"csrf\u0054oken"` is `csrfToken`).
 *
 * `text` must be valid JSON (run `JSON.parse` first): this only tracks strings, brackets and
 * commas, in one pass.
 *
 * @example
 * findDuplicateJsonKey('{"csrfToken":"a","csrfToken":"b"}') // "csrfToken"
 * findDuplicateJsonKey('[{"a":1},{"a":2}]') // undefined
 */
export function findDuplicateJsonKey(text: string): string | undefined {
  // One entry per open bracket: the names seen so far in an object, `null` for an array.
  const open: Array<Set<string> | null> = []
  let expectName = false
  let index = 0
  while (index < text.length) {
    const char = text[index]
    if (char === '"') {
      const end = endOfString(text, index)
      const names = open.at(-1)
      if (expectName && names) {
        const name = JSON.parse(text.slice(index, end + 1)) as string
        if (names.has(name)) return name
        names.add(name)
        expectName = false
      }
      index = end + 1
      continue
    }
    if (char === "{") {
      open.push(new Set())
      expectName = true
    } else if (char === "[") {
      open.push(null)
      expectName = false
    } else if (char === "}" || char === "]") {
      open.pop()
      expectName = false
    } else if (char === ",") {
      expectName = open.at(-1) instanceof Set
    }
    index += 1
  }
  return undefined
}

/** The index of the quote that closes the string opened at `start`. */
function endOfString(text: string, start: number): number {
  let index = start + 1
  while (index < text.length && text[index] !== '"') {
    index += text[index] === "\\" ? 2 : 1
  }
  return index
}
