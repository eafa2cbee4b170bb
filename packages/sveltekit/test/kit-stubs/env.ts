/** Stands in for `$env/dynamic/private` in unit tests: set variables with `setKitEnv`. */
export const env: Record<string, string | undefined> = {}

/** Replaces the app's private env for the next configs. */
export function setKitEnv(values: Record<string, string>): void {
  for (const name of Object.keys(env)) delete env[name]
  Object.assign(env, values)
}
