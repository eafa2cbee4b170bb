/** The lines a child process writes, kept and waited on. */
import type { Readable } from "node:stream"

/** A waiter for the first line that matches. */
interface Waiter {
  pattern: RegExp
  resolve: (match: RegExpExecArray) => void
}

/** Collects the lines of one or more streams; {@link LineLog.next} waits for one to come. */
export class LineLog {
  /** Every line so far, oldest first. */
  readonly lines: string[] = []
  readonly #waiters = new Set<Waiter>()

  /** Reads `stream` line by line into the log. */
  follow(stream: Readable): void {
    let rest = ""
    stream.setEncoding("utf8")
    stream.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n")
      rest = parts.pop() ?? ""
      for (const line of parts) this.#add(line)
    })
    stream.on("end", () => {
      if (rest !== "") this.#add(rest)
      rest = ""
    })
  }

  /**
   * Resolves with the first line from index `from` on (the end of the log by default: lines
   * still to come) that matches `pattern`.
   */
  next(pattern: RegExp, from = this.lines.length): Promise<RegExpExecArray> {
    for (const line of this.lines.slice(from)) {
      const match = pattern.exec(line)
      if (match) return Promise.resolve(match)
    }
    return new Promise((resolve) => this.#waiters.add({ pattern, resolve }))
  }

  /** The log as one text, for failure messages. */
  toString(): string {
    return this.lines.join("\n")
  }

  #add(line: string): void {
    this.lines.push(line)
    for (const waiter of this.#waiters) {
      const match = waiter.pattern.exec(line)
      if (match) {
        this.#waiters.delete(waiter)
        waiter.resolve(match)
      }
    }
  }
}
