/**
 * What a secret rotation needs: an instance rolled to a new environment the way a deploy does
 * it behind HAProxy, and the session cookies' seals read with core's own `decode` and `encode`
 * (`@auth/core/jwt`), to tell which secret sealed a cookie.
 */
import { decode, encode } from "@auth/core/jwt"
import type { Cluster } from "./cluster.js"
import { SESSION_COOKIE } from "./flow-client.js"
import { BACKEND } from "./haproxy.js"
import type { Instance } from "./instance.js"

/**
 * Rolls one instance: HAProxy stops sending it requests (`MAINT`), it stops (SIGTERM: the
 * requests under way finish), starts again with `env` merged into its environment (an empty
 * value unsets a variable for the playground), and goes back into rotation once HAProxy logs it
 * `UP`. Leaving maintenance is logged at once, whether or not a health check failed meanwhile,
 * so that is the event waited on.
 *
 * @throws Error when the runtime API refuses a command, the instance does not exit cleanly or
 *   does not start
 */
export async function rollInstance(
  cluster: Pick<Cluster, "haproxy">,
  instance: Instance,
  env: Record<string, string>,
): Promise<void> {
  const { haproxy } = cluster
  await runtimeCommand(haproxy, `set server ${BACKEND}/${instance.name} state maint`)
  const code = await instance.kill("SIGTERM")
  if (code !== 0) throw new Error(`Instance ${instance.name} exited with ${code} on SIGTERM.`)
  await instance.restart(env)
  const up = haproxy.waitFor(instance.name, "UP")
  await runtimeCommand(haproxy, `set server ${BACKEND}/${instance.name} state ready`)
  await up
}

/** Which of `secrets` (by name) opens a session token on its own; `undefined` when none does. */
export async function sealingSecretOf(
  token: string,
  secrets: Readonly<Record<string, string>>,
): Promise<string | undefined> {
  for (const [name, secret] of Object.entries(secrets)) {
    const claims = await decode({ token, secret, salt: SESSION_COOKIE }).catch(() => null)
    if (claims) return name
  }
  return undefined
}

/**
 * The same session sealed with another secret: the claims of `token` (opened with `from`),
 * sealed with `to` alone, as an instance sealing with `to` would have issued it.
 */
export async function resealSession(token: string, from: string, to: string): Promise<string> {
  const claims = await decode({ token, secret: from, salt: SESSION_COOKIE })
  if (!claims) throw new Error("The session token is empty.")
  return encode({ token: claims, secret: to, salt: SESSION_COOKIE })
}

async function runtimeCommand(haproxy: Cluster["haproxy"], command: string): Promise<void> {
  const answer = (await haproxy.command(command)).trim()
  if (answer !== "") throw new Error(`HAProxy refused "${command}": ${answer}`)
}
