/**
 * A request body core can stop reading without cancelling the framework's stream: h3 1
 * (SolidStart 1) keeps pushing the rest of the body into a stream it no longer has, which throws
 * an uncaught exception for each further chunk. The rest is left unread instead, and the
 * response closes the connection (see `hasUnreadBody`).
 */
export function detachBody(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel() {
      reader.releaseLock()
    },
  })
}
