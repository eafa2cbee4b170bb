/**
 * A module loaded on first use. The returned function runs `load` (an `import()`) once and hands
 * back the same promise on every later call, so a hot path pays for the import only once; a
 * bundler with code splitting puts the module in a chunk of its own.
 *
 * @example
 * const pages = lazyModule(() => import("../actions/pages.js"))
 * const { signInPageAction } = await pages()
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () => {
    loaded ??= load()
    return loaded
  }
}
