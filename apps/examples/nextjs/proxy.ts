import { prefersJson } from "@auth/core"
import { NextResponse } from "next/server"
import { auth } from "./auth"

/**
 * Next.js 16's proxy (the Node.js runtime, so database sessions work here too): `auth` reads
 * the session, keeps its cookie fresh, and `callbacks.authorized` (in auth.ts) sends signed-out
 * visitors of `/protected` to the sign-in page. Scripts that ask `/protected` for JSON get the
 * session as JSON (the `/me` route).
 */
export default auth((request) => {
  if (request.nextUrl.pathname === "/protected" && prefersJson(request.headers)) {
    return NextResponse.rewrite(new URL("/me", request.url))
  }
})

export const config = { matcher: ["/", "/protected", "/mailbox"] }
