import { defineConfig, type Options } from "tsup"
import { entriesFromExports } from "./tsup-entries.js"

/**
 * The build every library package shares: ESM only, entries derived from the package's
 * `exports`, code split between entries. Declarations come from `tsc` (see each package's
 * `tsconfig.build.json`), so module augmentation sees the same files the sources declare.
 */
export function libraryConfig(overrides: Options = {}): ReturnType<typeof defineConfig> {
  return defineConfig({
    entry: entriesFromExports("./package.json"),
    format: ["esm"],
    target: "es2022",
    platform: "neutral",
    splitting: true,
    treeshake: true,
    clean: true,
    dts: false,
    sourcemap: true,
    ...overrides,
  })
}
