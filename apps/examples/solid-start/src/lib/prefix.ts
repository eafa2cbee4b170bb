/** Where the auth routes are (`src/routes/api/auth/[...solidauth].ts`): for links in pages. */
export const prefix = "/api/auth"
