/**
 * `@auth/astro/components`: `SignIn` and `SignOut` buttons (the browser client behind them)
 * and `Auth`, which renders its default slot as a function of the session.
 *
 * @example
 * ---
 * import { Auth, SignIn, SignOut } from "@auth/astro/components"
 * ---
 * <Auth>
 *   {(session) => (session ? <SignOut>Sign out</SignOut> : <SignIn provider="github">Sign in</SignIn>)}
 * </Auth>
 *
 * @module @auth/astro/components
 */
export { default as Auth } from "./Auth.astro"
export { default as SignIn } from "./SignIn.astro"
export { default as SignOut } from "./SignOut.astro"
