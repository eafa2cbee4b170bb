/**
 * What the `.svelte` components need at runtime, as a module of its own so that they can
 * import it from the published `dist/components/`.
 *
 * @module @auth/sveltekit/components/form-action
 */
export { resolveAppPath } from "../internal/base-path.js"
export { authorizationParamPairs, formOptions, isEmailProvider } from "./props.js"
export { assertKnownSlots, SIGN_IN_SLOTS, SIGN_OUT_SLOTS } from "./slots.js"
