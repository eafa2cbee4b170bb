import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { SessionProvider, useSession } from "../src/react.js"

const SESSION = {
  user: { name: "Ada", email: "ada@example.test" },
  expires: "2099-01-01T00:00:00Z",
}

function Status({ required = false }: { required?: boolean }) {
  const { status, data } = useSession({ required })
  return <p>{`${status}:${data?.user?.email ?? "none"}`}</p>
}

// What the server renders: the store starts from the session the page was rendered with.
describe("next-auth/react, rendered on the server", () => {
  it("useSession gives the SessionProvider's session", () => {
    const html = renderToString(
      <SessionProvider session={SESSION}>
        <Status />
      </SessionProvider>,
    )
    expect(html).toContain("<p>authenticated:ada@example.test</p>")
  })

  it("is unauthenticated with a null session, and loading when it has to fetch", () => {
    const signedOut = renderToString(
      <SessionProvider session={null}>
        <Status />
      </SessionProvider>,
    )
    expect(signedOut).toContain("<p>unauthenticated:none</p>")
    const unknown = renderToString(
      <SessionProvider>
        <Status />
      </SessionProvider>,
    )
    expect(unknown).toContain("<p>loading:none</p>")
  })

  it("reports loading, not unauthenticated, while a required session sends the visitor away", () => {
    const html = renderToString(
      <SessionProvider session={null}>
        <Status required />
      </SessionProvider>,
    )
    expect(html).toContain("<p>loading:none</p>")
  })

  it("useSession outside a SessionProvider throws", () => {
    expect(() => renderToString(<Status />)).toThrow(/SessionProvider/)
  })
})
