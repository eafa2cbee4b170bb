// Helpers for assertions on rendered pages.
import { expect } from "vitest"

/** The page without the inlined stylesheet, so assertions cannot match CSS text. */
export function body(html: string): string {
  const start = html.indexOf("<body")
  expect(start).toBeGreaterThan(0)
  return html.slice(start)
}

/** How many times `needle` occurs in `haystack`. */
export function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1
}
