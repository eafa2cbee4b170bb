import { createAsync, type RouteDefinition, useLocation } from "@solidjs/router"
import { Show } from "solid-js"
import { getProtectedSession } from "~/lib/session"

// Page loads are guarded by the middleware (src/middleware.ts); client-side navigation by the
// query, which sends signed-out visitors to the sign-in page.
export const route = {
  preload: ({ location }) => getProtectedSession(`${location.pathname}${location.search}`),
} satisfies RouteDefinition

export default function Protected() {
  const location = useLocation()
  const session = createAsync(
    () => getProtectedSession(`${location.pathname}${location.search}`),
    // Wait for it before sending the page: a redirect can still be a redirect.
    { deferStream: true },
  )
  return (
    <Show when={session()}>
      {(current) => (
        <>
          <h1>Protected page</h1>
          <p>Hello, {current().user?.name ?? current().user?.email}!</p>
          <p>Only signed-in users see this page.</p>
        </>
      )}
    </Show>
  )
}
