import type { CallbacksOptions, Session } from "../../types.js"
import { sameOriginRedirect } from "../http/callback-url.js"

/** Seconds an idle session lives: 30 days. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60
/** Seconds between writes that extend a session: 1 day. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60
/** Seconds a database session's cache cookie is used before the database is read again. */
export const SESSION_CACHE_MAX_AGE_SECONDS = 5 * 60

/** The callbacks used where the config gives none. */
export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: sameOriginRedirect,
  session: ({ session }) => {
    const expires = session.expires as string | Date
    return {
      user: {
        name: session.user?.name,
        email: session.user?.email,
        image: session.user?.image,
      },
      expires: expires instanceof Date ? expires.toISOString() : expires,
    } satisfies Session
  },
  jwt: ({ token }) => token,
}
