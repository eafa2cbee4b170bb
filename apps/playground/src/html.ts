/**
 * HTML with every interpolated value escaped: `html\`<p>${name}</p>\`` escapes `name` unless it
 * is itself the result of `html` (or a list of them), so markup composes and data cannot inject.
 */

import { escapeHtml } from "@auth/dev-servers"

export { escapeHtml }

/** Markup that is already safe to embed. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value
  }
}

/**
 * The tagged template: strings stay as written, values are escaped. `null`, `undefined` and
 * `false` render nothing; arrays render each item.
 *
 * @example
 * html`<a href="${url}">${label}</a>` // url and label escaped
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? ""
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "")
  })
  return new SafeHtml(out)
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join("")
  if (value === null || value === undefined || value === false) return ""
  return escapeHtml(String(value))
}
