/** Stands in for `$app/environment` in unit tests. */
export let building = false
export let dev = false

/** Sets what `$app/environment` reports. */
export function setEnvironment(values: { building?: boolean; dev?: boolean }): void {
  building = values.building ?? false
  dev = values.dev ?? false
}
