/** nginx in front of the instances, with the config docs/deploying.md shows. */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HttpClient } from "@auth/integration-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Cluster, freePort, missingPrerequisite, startCluster } from "../src/cluster.js"
import { type Nginx, nginxInstalled, startNginx } from "../src/nginx.js"

const missing = missingPrerequisite() ?? (nginxInstalled() ? undefined : "nginx is not installed")
if (missing && process.env.CI) throw new Error(`CI runs the cluster tests: ${missing}.`)

describe.skipIf(missing !== undefined)("three instances behind nginx", () => {
  let cluster: Cluster
  let nginx: Nginx
  let dir: string
  /** The instance's name by its `127.0.0.1:<port>`, as nginx's `$upstream_addr` gives it. */
  const nameOf = (address: string | null) =>
    cluster.instances.find((instance) => address === `127.0.0.1:${instance.port}`)?.name

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "scale-nginx-"))
    const port = await freePort()
    cluster = await startCluster({
      name: "scale_nginx",
      env: { AUTH_URL: `http://127.0.0.1:${port}` },
    })
    nginx = await startNginx(dir, {
      port,
      servers: cluster.instances.map(({ name, port }) => ({ name, port })),
    })
  })
  afterAll(async () => {
    await nginx?.stop()
    await cluster?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it("sends consecutive requests to each instance in turn", async () => {
    const served: Array<string | undefined> = []
    for (let request = 0; request < 6; request++) {
      const response = await fetch(`${nginx.url}/auth/health`)
      expect(await response.json()).toEqual({ status: "ok" })
      served.push(nameOf(response.headers.get("x-served-by")))
    }
    expect(new Set(served)).toEqual(new Set(["s1", "s2", "s3"]))
  })

  it("signs in on one instance and reads the session on the others", async () => {
    const browser = new HttpClient(nginx.url, "/auth")
    const signIn = await browser.signIn({ email: "demo@example.test", password: "demo" })
    expect(signIn.status).toBe(302)
    // Redirects go to AUTH_URL, the balancer, never to an instance's own address.
    expect(new URL(signIn.headers.get("location") ?? "").origin).toBe(nginx.url)
    const readers = new Set<string | undefined>()
    for (let read = 0; read < 3; read++) {
      const response = await browser.action("/session")
      readers.add(nameOf(response.headers.get("x-served-by")))
      expect(await response.json()).toMatchObject({ user: { email: "demo@example.test" } })
    }
    expect(readers.size).toBe(3)
  })

  it("retries a request whose instance is gone on another one, POSTs included", async () => {
    const victim = cluster.instances[2]
    if (!victim) throw new Error("three instances were started")
    await victim.kill("SIGKILL")
    const browser = new HttpClient(nginx.url, "/auth")
    for (let attempt = 0; attempt < 6; attempt++) {
      const csrf = await browser.action("/csrf")
      expect(csrf.status).toBe(200)
      expect(nameOf(csrf.headers.get("x-served-by"))).not.toBe(victim.name)
    }
    const signIn = await browser.signIn({ email: "demo@example.test", password: "demo" })
    expect(signIn.status).toBe(302)
    expect(await browser.session()).toMatchObject({ user: { email: "demo@example.test" } })
    await victim.restart()
  })
})
