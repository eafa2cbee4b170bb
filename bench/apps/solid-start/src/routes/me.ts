import type { APIEvent } from "@solidjs/start/server"
import { auth } from "~/auth"

/** The row `solid-start-auth`: the session as an app route reads it, as JSON. */
export async function GET(event: APIEvent) {
  return Response.json(await auth(event))
}
