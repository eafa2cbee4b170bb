import type { APIEvent } from "@solidjs/start/server"
import { auth } from "~/auth"

/** The session as the server reads it, as JSON (`null` when signed out). */
export async function GET(event: APIEvent) {
  return Response.json(await auth(event))
}
