import { CookieJar } from "@auth/integration-test"
import { contractConfig, DEMO_CREDENTIALS } from "@auth/integration-test/fixtures"
import { provideRequestEvent } from "solid-js/web/storage"
import type { SolidAuthConfig, SolidRequestEvent } from "../src/index.js"

export { COOKIES, DEMO_USER } from "@auth/integration-test/fixtures"
export { CookieJar, DEMO_CREDENTIALS }

/** The origin the in-process requests are made on. */
export const ORIGIN = "http://app.test"

/** The contract's credentials config (no `basePath`), with its logger's records. */
export function testConfig(overrides: Partial<SolidAuthConfig> = {}) {
  const logged: Error[] = []
  const config: SolidAuthConfig = { ...contractConfig(logged), ...overrides }
  return { config, logged }
}

/** A request event as SolidStart makes it, with the response headers it collects. */
export interface TestEvent extends SolidRequestEvent {
  readonly locals: Record<string, unknown>
  readonly response: { readonly headers: Headers }
}

/**
 * A SolidStart request event for `path` on {@link ORIGIN}. `node` stands in for Node's request
 * behind h3 (`runtime.node.req` of h3 2): the `Host` header as sent, whether TLS carried it, and
 * whether the whole body has arrived.
 */
export function createEvent(
  path: string,
  init: RequestInit = {},
  options: {
    jar?: CookieJar
    node?: { host: string; encrypted?: boolean; complete?: boolean; remoteAddress?: string }
  } = {},
): TestEvent {
  const headers = new Headers(init.headers)
  const fromJar = options.jar?.header()
  if (fromJar && !headers.has("cookie")) headers.set("cookie", fromJar)
  const request = new Request(new URL(path, ORIGIN), { ...init, headers })
  const nativeEvent = options.node
    ? {
        runtime: {
          node: {
            req: {
              url: path,
              headers: { host: options.node.host },
              socket: {
                encrypted: options.node.encrypted ?? false,
                remoteAddress: options.node.remoteAddress,
              },
              complete: options.node.complete ?? true,
            },
          },
        },
      }
    : undefined
  return { request, locals: {}, response: { headers: new Headers() }, nativeEvent }
}

/** Runs `fn` inside SolidStart's request context for `event` (what `getRequestEvent()` reads). */
export function withEvent<T>(event: TestEvent, fn: () => Promise<T>): Promise<T> {
  return provideRequestEvent(event as never, fn)
}

/** Stores the cookies a response (or an event's response headers) set, as a browser would. */
export function storeCookies(jar: CookieJar, from: Response | TestEvent): void {
  jar.store(
    from instanceof Response ? from : new Response(null, { headers: from.response.headers }),
  )
}

/** What a thrown value is, when it must be a `Response`. */
export async function thrownResponse(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
  throw new Error("Nothing was thrown.")
}
