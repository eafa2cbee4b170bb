/** Writes `<packageDir>/src/providers/<name>.ts`, one re-export per @auth/core provider module. */
export function writeProviderReexports(packageDir: string): string[]
