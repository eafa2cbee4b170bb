/** Where the generated module goes: `src/internal/pages/webauthn-script.generated.ts`. */
export const GENERATED_PATH: string

/** The minified script: ASCII only, and never `</script` or `<!--`, so it can be inlined. */
export function bundleWebAuthnPageScript(): Promise<string>

/** The text of `webauthn-script.generated.ts` for the sources as they are now. */
export function generateWebAuthnPageScriptModule(): Promise<string>
