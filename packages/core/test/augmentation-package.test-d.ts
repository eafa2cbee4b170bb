// Augments the built package by the module names applications use, so the published
// declaration files are checked, not only the sources.
import type { JWT } from "@auth/core/jwt"
import type { Session, User } from "@auth/core/types"
import { expectTypeOf, test } from "vitest"

declare module "@auth/core/types" {
  interface Session {
    tenantId?: string
  }
  interface User {
    plan?: "free" | "pro"
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    tenantId?: string
  }
}

test("applications augment @auth/core/types and @auth/core/jwt", () => {
  expectTypeOf<Session["tenantId"]>().toEqualTypeOf<string | undefined>()
  expectTypeOf<User["plan"]>().toEqualTypeOf<"free" | "pro" | undefined>()
  expectTypeOf<JWT["tenantId"]>().toEqualTypeOf<string | undefined>()
})
