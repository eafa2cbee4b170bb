/** Writes `<packageDir>/src/providers/<name>.ts`, one re-export per @auth/core provider module. */
export function writeProviderReexports(packageDir: string): string[]

/** The provider modules of @auth/core (`src/providers/<name>.ts` but the index and tests), sorted. */
export function coreProviderModules(): string[]
