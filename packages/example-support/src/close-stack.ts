/** Things to close, in reverse order of opening, once. */

/** Anything with an async `close`. */
export interface Closable {
  close(): Promise<void>
}

/** Closes what was pushed, last first; every item is closed even when one fails. */
export class CloseStack {
  readonly #items: Closable[] = []
  #closing: Promise<void> | undefined

  push<T extends Closable>(item: T): T {
    this.#items.push(item)
    return item
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      const errors: unknown[] = []
      for (const item of this.#items.reverse()) {
        await item.close().catch((error: unknown) => errors.push(error))
      }
      if (errors.length > 0) throw new AggregateError(errors, "Some servers did not stop cleanly.")
    })()
    return this.#closing
  }
}
