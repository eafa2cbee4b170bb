/** The balancer in front of the instances: health checks and round robin, as deploying.md sets them. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Cluster, missingPrerequisite, startCluster } from "../src/cluster.js"

const missing = missingPrerequisite()
if (missing && process.env.CI) throw new Error(`CI runs the cluster tests: ${missing}.`)

describe.skipIf(missing !== undefined)("three instances behind HAProxy", () => {
  let cluster: Cluster
  beforeAll(async () => {
    cluster = await startCluster({ name: "scale_balancer" })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it("finds every instance healthy through its Host-less HTTP/1.0 check of /auth/health", async () => {
    expect(await cluster.haproxy.statuses()).toEqual({ s1: "UP", s2: "UP", s3: "UP" })
    expect(await cluster.haproxy.checks()).toEqual({ s1: "L7OK", s2: "L7OK", s3: "L7OK" })
  })

  it("sends consecutive requests to each instance in turn, without stickiness", async () => {
    const served: string[] = []
    for (let request = 0; request < 6; request++) {
      const response = await fetch(`${cluster.url}/auth/health`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: "ok" })
      served.push(response.headers.get("x-served-by") ?? "")
    }
    expect(new Set(served)).toEqual(new Set(["s1", "s2", "s3"]))
    expect(served.slice(0, 3)).toEqual(served.slice(3))
  })
})
