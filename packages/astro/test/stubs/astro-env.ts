/** `astro:env/server` as `@astrojs/node` provides it at run time: `process.env`. */
export function getSecret(key: string): string | undefined {
  return process.env[key]
}
