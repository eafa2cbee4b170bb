/**
 * How long a body core stopped reading is still read (and dropped) so the connection stays
 * usable: past it, the body is cancelled, and Node.js resets the connection.
 */
const MAX_DISCARDED_BYTES = 8 * 1024 * 1024

/** A request for core, and whether core left its body unread. */
export interface ObservedRequest {
  readonly request: Request
  /** `true` when core answered without reading the body to its end (nor dropping the rest). */
  bodyLeftUnread(): boolean
}

/**
 * A route handler's request as core gets it: on `url` (the app's origin), with its body behind
 * a stream of ours. Core stops reading a body at its
 * 64 KiB limit and cancels the stream; passed on to Next.js, the cancel destroys the socket and
 * the client gets a reset (or `EPIPE` while still sending) instead of core's `413`. Here the
 * rest is read and dropped instead (up to {@link MAX_DISCARDED_BYTES}). When core answers
 * without reading the body at all (a declared length over the limit, an unsupported type),
 * {@link ObservedRequest.bodyLeftUnread} says so: that response must close the connection.
 */
export function observeBody(request: Request, url: URL): ObservedRequest {
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  }
  const source = request.body
  if (!source) return { request: new Request(url, init), bodyLeftUnread: () => false }
  const reader = source.getReader()
  let settled = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await reader.read()
      if (!chunk.done) {
        controller.enqueue(chunk.value)
        return
      }
      settled = true
      controller.close()
    },
    cancel() {
      settled = true
      void dropRest(reader)
    },
  })
  init.body = body
  init.duplex = "half"
  return { request: new Request(url, init), bodyLeftUnread: () => !settled }
}

async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let dropped = 0
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      dropped += chunk.value.byteLength
      if (dropped > MAX_DISCARDED_BYTES) {
        await reader.cancel()
        return
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}
