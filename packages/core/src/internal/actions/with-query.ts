/** Appends query parameters to a page path or URL given in `pages`, keeping its own query. */
export function withQuery(page: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value)
  const query = search.toString()
  if (!query) return page
  return `${page}${page.includes("?") ? "&" : "?"}${query}`
}
