/** Escaping text for HTML pages and reading values back out of them. */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** Undoes {@link escapeHtml} (the five entities it writes; nothing else). */
export function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => {
    const found = Object.entries(HTML_ESCAPES).find(([, escaped]) => escaped === entity)
    return found?.[0] ?? entity
  })
}
