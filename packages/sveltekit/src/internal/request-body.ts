/**
 * The request core reads, with the body SvelteKit's adapter streams in behind a stream of its
 * own. Core stops reading at its body limit and cancels the stream; SvelteKit's Node stream
 * answers a cancel by destroying the socket, so the client would get a reset (or `EPIPE` while
 * still sending) instead of core's `413`. Here a cancel drains the rest instead: the response
 * goes out, the client finishes sending, and the connection stays usable. SvelteKit's own
 * `BODY_SIZE_LIMIT` (adapter-node: 512 kB by default) still ends an endless body.
 */
export function withDetachedBody(request: Request): Request {
  const source = request.body
  if (!source) return request
  const reader = source.getReader()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel() {
      void drain(reader)
    },
  })
  const init: RequestInit & { duplex: "half" } = { body, duplex: "half" }
  return new Request(request, init)
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done) {
      // discarded
    }
  } catch {
    // The adapter's size limit or the client's abort ended the body: nothing left to drain.
  }
}
