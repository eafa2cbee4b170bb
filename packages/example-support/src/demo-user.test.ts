import { describe, expect, it } from "vitest"
import { DEMO_USER, findDemoUser } from "./demo-user.js"

describe("findDemoUser", () => {
  it("is the demo user, without its password, for its e-mail and password", () => {
    expect(findDemoUser({ email: DEMO_USER.email, password: DEMO_USER.password })).toEqual({
      id: "demo-user",
      name: "Demo User",
      email: "demo@example.test",
    })
  })

  it.each([
    { email: DEMO_USER.email, password: "wrong" },
    { email: "someone@example.test", password: DEMO_USER.password },
    { username: DEMO_USER.email, password: DEMO_USER.password },
    { email: [DEMO_USER.email], password: DEMO_USER.password },
    {},
  ])("is null for %j", (credentials) => {
    expect(findDemoUser(credentials)).toBeNull()
  })
})
