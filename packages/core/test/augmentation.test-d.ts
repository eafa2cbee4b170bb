import { expectTypeOf, test } from "vitest"
import type { JWT } from "../src/jwt.js"
import type { CallbacksOptions, Session, User } from "../src/types.js"

declare module "../src/types.js" {
  interface Session {
    accessToken?: string
  }
  interface User {
    role?: "admin" | "user"
  }
}

declare module "../src/jwt.js" {
  interface JWT {
    userRole?: "admin" | "user"
  }
}

test("Session, User and JWT can be augmented by applications", () => {
  expectTypeOf<Session["accessToken"]>().toEqualTypeOf<string | undefined>()
  expectTypeOf<User["role"]>().toEqualTypeOf<"admin" | "user" | undefined>()
  expectTypeOf<JWT["userRole"]>().toEqualTypeOf<"admin" | "user" | undefined>()
  expectTypeOf<NonNullable<Session["user"]>["role"]>().toEqualTypeOf<"admin" | "user" | undefined>()
})

test("callbacks see the augmented types", () => {
  const jwt: CallbacksOptions["jwt"] = ({ token, user }) => {
    if (user?.role) token.userRole = user.role
    return token
  }
  const session: CallbacksOptions["session"] = ({ session, token }) => {
    session.accessToken = String(token.userRole)
    return session
  }
  expectTypeOf(jwt).toBeFunction()
  expectTypeOf(session).toBeFunction()
})
