/** next-auth's default base path (core's is `/auth`). */
export const DEFAULT_BASE_PATH = "/api/auth"
