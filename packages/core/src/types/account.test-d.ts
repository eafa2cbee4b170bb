import type { Account as AuthjsAccount } from "authjs-core/types"
import { describe, expectTypeOf, test } from "vitest"
import type { AuthConfig, CallbacksOptions, JWTCallbackParams } from "../types.js"
import type { Account, TokenSet } from "./user.js"

describe("Account", () => {
  test("has the token members with Auth.js's types", () => {
    expectTypeOf<Account["access_token"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Account["refresh_token"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Account["id_token"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Account["scope"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Account["expires_at"]>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Account["expires_in"]>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Account["token_type"]>().toEqualTypeOf<Lowercase<string> | undefined>()
    expectTypeOf<Account["access_token"]>().toEqualTypeOf<AuthjsAccount["access_token"]>()
    expectTypeOf<Account["refresh_token"]>().toEqualTypeOf<AuthjsAccount["refresh_token"]>()
    expectTypeOf<Account["id_token"]>().toEqualTypeOf<AuthjsAccount["id_token"]>()
    expectTypeOf<Account["scope"]>().toEqualTypeOf<AuthjsAccount["scope"]>()
    expectTypeOf<Account["expires_at"]>().toEqualTypeOf<AuthjsAccount["expires_at"]>()
    expectTypeOf<Account["expires_in"]>().toEqualTypeOf<AuthjsAccount["expires_in"]>()
    expectTypeOf<Account["token_type"]>().toEqualTypeOf<AuthjsAccount["token_type"]>()
  })

  test("types session_state as the string OpenID session management sends", () => {
    expectTypeOf<Account["session_state"]>().toEqualTypeOf<string | undefined>()
    // Narrower than Auth.js's `JsonValue | undefined` (its index signature): code written
    // against Auth.js still compiles.
    expectTypeOf<Account["session_state"]>().toExtend<AuthjsAccount["session_state"]>()
  })

  test("keeps who it belongs to, and any other member of the token response", () => {
    expectTypeOf<Account["provider"]>().toEqualTypeOf<string>()
    expectTypeOf<Account["providerAccountId"]>().toEqualTypeOf<string>()
    expectTypeOf<Account["userId"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Account["ext_expires_in"]>().toEqualTypeOf<unknown>()
    expectTypeOf<Account>().toExtend<TokenSet>()
  })
})

describe("callbacks", () => {
  test("the jwt callback reads the account's tokens without casts", () => {
    const jwt: CallbacksOptions["jwt"] = ({ token, account }) => {
      if (account?.access_token) token.accessToken = account.access_token.slice(0)
      if (account?.expires_at) token.expiresAt = account.expires_at * 1000
      return token
    }
    expectTypeOf(jwt).toBeFunction()
  })

  test("the jwt callback's session is Auth.js's any: session.user.name compiles", () => {
    expectTypeOf<JWTCallbackParams["session"]>().toBeAny()
    const callbacks: AuthConfig["callbacks"] = {
      jwt({ token, trigger, session }) {
        if (trigger === "update" && session?.user?.name) token.name = session.user.name
        return token
      },
    }
    expectTypeOf(callbacks).not.toBeAny()
  })

  test("the signIn callback and the linkAccount event see the same Account", () => {
    expectTypeOf<Parameters<CallbacksOptions["signIn"]>[0]["account"]>().toEqualTypeOf<
      Account | null | undefined
    >()
    expectTypeOf<
      Parameters<NonNullable<NonNullable<AuthConfig["events"]>["linkAccount"]>>[0]["account"]
    >().toEqualTypeOf<Account>()
  })
})
