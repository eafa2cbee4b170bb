/** Stands in for `$app/forms` while the components render on the server: actions never run there. */
export function enhance(_form: HTMLFormElement): { destroy(): void } {
  return { destroy() {} }
}
