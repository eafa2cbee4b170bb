/** Marks a config for framework authors: `Auth()` returns the internal response object. */
export const raw: unique symbol = Symbol("return-type-raw")
/** Marks a config for framework authors that check CSRF themselves: the CSRF check is off. */
export const skipCSRFCheck: unique symbol = Symbol("skip-csrf-check")
/** The key under which a provider keeps the `fetch` used for every request to that provider. */
export const customFetch: unique symbol = Symbol("custom-fetch")
