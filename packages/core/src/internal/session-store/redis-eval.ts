/**
 * Running the Redis store's Lua scripts by their SHA-1 (`EVALSHA`) once it is known, so that a
 * call sends neither the script's body nor makes Redis hash it again (a credentials sign-in's
 * limit check: 58–61 µs instead of 84–104 µs, one call at a time, in `docs/rate-limits.md`).
 *
 * @see https://redis.io/docs/latest/develop/programmability/eval-intro/#script-cache
 */

// `#crypto` is `internal/crypto/crypto.node.ts` under the "node" condition, else
// `internal/crypto/crypto.ts` (WebCrypto): see "imports" in package.json.
import { sha1Hex } from "#crypto"

/** Runs `script` on `keys` and `args`, as `EVAL` does. */
export type EvalScript = (script: string, keys: string[], args: string[]) => Promise<unknown>

/** Each script's SHA-1, or `undefined` while it is computed; the same whatever the server. */
const shas = new Map<string, string | undefined>()

/**
 * `evalBody` (`EVAL`) for a script's first call, and `evalSha` (`EVALSHA`) after it, once its
 * SHA-1 is computed. A Redis without the script in its cache (restarted, `SCRIPT FLUSH`, failed
 * over to a replica) answers `NOSCRIPT`, and the call is sent again with the body, which loads
 * it. Without `evalSha` (a client that lacks it), every call is `evalBody`.
 */
export function preferEvalSha(
  evalBody: EvalScript,
  evalSha: ((sha: string, keys: string[], args: string[]) => Promise<unknown>) | undefined,
): EvalScript {
  if (!evalSha) return evalBody
  return (script, keys, args) => {
    const sha = shas.get(script)
    if (sha === undefined) {
      if (!shas.has(script)) {
        shas.set(script, undefined)
        // Should the hash fail, the script stays on EVAL.
        sha1Hex(script).then(
          (hex) => shas.set(script, hex),
          () => {},
        )
      }
      return evalBody(script, keys, args)
    }
    return evalSha(sha, keys, args).catch((error: unknown) => {
      if (!isNoScript(error)) throw error
      return evalBody(script, keys, args)
    })
  }
}

/** Whether Redis answered that it does not have the script (`NOSCRIPT No matching script…`). */
function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("NOSCRIPT")
}
