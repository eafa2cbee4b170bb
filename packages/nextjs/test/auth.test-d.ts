// The types of `auth` in every form Auth.js documents. Next.js's own build check of these forms
// is `test/next-build.test.ts`; here, the shapes it relies on.
import type { Session } from "@auth/core/types"
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next"
import type { NextFetchEvent, NextMiddleware, NextProxy, NextRequest } from "next/server.js"
import { describe, expectTypeOf, test } from "vitest"
import NextAuth, {
  type AppRouteHandlerFnContext,
  type AuthWrapped,
  type AuthWrappedMiddleware,
  type AuthWrappedRouteHandler,
  type NextAuthRequest,
} from "../src/index.js"

const { auth } = NextAuth({ providers: [] })

// biome-ignore lint/suspicious/noConfusingVoidType: the union Next.js's validator spells out
type NextRouteResult = Response | void

/** What Next.js 16 requires of a route export (`.next/types/validator.ts`), for `[id]`. */
type NextRouteExport<Params> = (
  request: NextRequest,
  context: { params: Promise<Params> },
) => Promise<NextRouteResult> | NextRouteResult

/** Next.js's params of a route without dynamic segments (`ParamMap["/api/session"]`). */
// biome-ignore lint/complexity/noBannedTypes: the very type Next.js generates
type NoParams = {}

/** The second argument Next.js 15's route check reads: the last signature's. */
type SecondArgument<Handler extends (...args: never[]) => unknown> = Parameters<Handler>[1]

describe("the session getter", () => {
  test("in Server Components and server actions: auth()", () => {
    expectTypeOf(auth()).toEqualTypeOf<Promise<Session | null>>()
  })

  test("in pages-router API routes: auth(req, res)", () => {
    const req = {} as NextApiRequest
    const res = {} as NextApiResponse
    expectTypeOf(auth(req, res)).toEqualTypeOf<Promise<Session | null>>()
  })

  test("in getServerSideProps: auth(context)", () => {
    const context = {} as GetServerSidePropsContext
    expectTypeOf(auth(context)).toEqualTypeOf<Promise<Session | null>>()
  })
})

describe("auth((req) => …): a route handler and a middleware", () => {
  const GET = auth((req) => {
    expectTypeOf(req).toEqualTypeOf<NextAuthRequest>()
    expectTypeOf(req.auth).toEqualTypeOf<Session | null>()
    return Response.json(req.auth)
  })

  test("passes Next.js's route checks", () => {
    expectTypeOf(GET).toEqualTypeOf<AuthWrapped>()
    expectTypeOf<SecondArgument<typeof GET>>().toEqualTypeOf<AppRouteHandlerFnContext>()
    expectTypeOf<SecondArgument<typeof GET>>().toExtend<{ params: Promise<unknown> }>()
    expectTypeOf(GET).toExtend<NextRouteExport<{ id: string }>>()
    expectTypeOf(GET).toExtend<NextRouteExport<{ slug: string[] }>>()
    expectTypeOf(GET).toExtend<NextRouteExport<NoParams>>()
  })

  test("is a middleware and a Next.js 16 proxy", () => {
    expectTypeOf(GET).toExtend<NextMiddleware>()
    expectTypeOf(GET).toExtend<NextProxy>()
    // Written where Next.js's type is expected, as `export const middleware: NextMiddleware = …`.
    const middleware: NextMiddleware = auth((req) => {
      if (!req.auth) return Response.redirect("https://app.example/signin")
    })
    const proxy: NextProxy = auth(() => undefined)
    expectTypeOf(middleware).toEqualTypeOf<NextMiddleware>()
    expectTypeOf(proxy).toEqualTypeOf<NextProxy>()
  })

  test("an async handler may return nothing", () => {
    const POST = auth(async (req) => {
      if (!req.auth) return Response.json({ message: "Not authenticated" }, { status: 401 })
    })
    expectTypeOf(POST).toExtend<NextRouteExport<NoParams>>()
  })
})

describe("auth((req, ctx) => …): a route handler with its context", () => {
  test("keeps a written context", () => {
    const GET = auth(async (req, ctx: { params: Promise<{ id: string }> }) => {
      const { id } = await ctx.params
      expectTypeOf(id).toEqualTypeOf<string>()
      return Response.json({ id, session: req.auth })
    })
    expectTypeOf(GET).toEqualTypeOf<AuthWrappedRouteHandler<{ params: Promise<{ id: string }> }>>()
    expectTypeOf<SecondArgument<typeof GET>>().toExtend<{ params: Promise<unknown> }>()
    expectTypeOf(GET).toExtend<NextRouteExport<{ id: string }>>()
    // It reads `ctx.params`: not a middleware.
    expectTypeOf(GET).not.toExtend<NextMiddleware>()
  })

  test("keeps a context whose params are an interface", () => {
    interface ItemParams {
      id: string
    }
    const GET = auth(async (_req, ctx: { params: Promise<ItemParams> }) =>
      Response.json(await ctx.params),
    )
    expectTypeOf(GET).toExtend<NextRouteExport<{ id: string }>>()
  })

  test("types an unwritten context as the dynamic segments' values", () => {
    const PATCH = auth(async (_req, ctx) => {
      expectTypeOf(ctx).toEqualTypeOf<AppRouteHandlerFnContext>()
      expectTypeOf(await ctx.params).toEqualTypeOf<Record<string, string | string[] | undefined>>()
      return Response.json(await ctx.params)
    })
    expectTypeOf(PATCH).toExtend<NextRouteExport<{ id: string }>>()
  })
})

describe("middleware and proxy.ts", () => {
  test("export { auth as middleware }, export { auth as proxy }", () => {
    expectTypeOf(auth).toExtend<NextMiddleware>()
    expectTypeOf(auth).toExtend<NextProxy>()
    expectTypeOf(auth({} as NextRequest, {} as NextFetchEvent)).toEqualTypeOf<Promise<Response>>()
  })

  test("a wrapped middleware that reads its event", () => {
    const middleware = auth((req, event: NextFetchEvent) => {
      event.waitUntil(Promise.resolve(req.auth))
    })
    expectTypeOf(middleware).toEqualTypeOf<AuthWrappedMiddleware>()
    expectTypeOf(middleware).toExtend<NextMiddleware>()
    expectTypeOf(middleware).toExtend<NextProxy>()
  })

  test("a middleware may answer null", () => {
    expectTypeOf(auth(() => null)).toExtend<NextMiddleware>()
  })
})
