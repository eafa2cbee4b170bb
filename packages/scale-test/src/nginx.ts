/**
 * nginx from the machine's packages in front of the instances, with the `upstream` and `server`
 * blocks that docs/deploying.md shows, wrapped in what a test needs (its own folder for the
 * pid, logs and temporary files, in the foreground).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { writeFile } from "node:fs/promises"
import { connect } from "node:net"
import { join } from "node:path"
import type { BackendServer } from "./haproxy.js"
import { LineLog } from "./lines.js"
import { within } from "./waits.js"

/**
 * The blocks of docs/deploying.md: round robin over the instances, a connection that fails
 * retried on the next one, the client's address appended to `X-Forwarded-For`.
 */
export function nginxSite(options: { port: number; servers: readonly BackendServer[] }): string {
  const servers = options.servers
    .map((server) => `    server 127.0.0.1:${server.port} max_fails=1 fail_timeout=2s;`)
    .join("\n")
  return `  upstream playground {
${servers}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${options.port};

    location / {
      proxy_pass http://playground;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A refused connection (an instance that died) is retried on the next instance, POSTs
      # too: nginx passes a POST on only when none of it reached the app.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      add_header x-served-by $upstream_addr always;
    }
  }`
}

/** A running nginx. */
export interface Nginx {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly output: LineLog
  /** Stops it (SIGQUIT to the master, which stops its worker), then waits for the exit. */
  stop(): Promise<void>
}

/** Whether `nginx` is on the PATH. */
export function nginxInstalled(): boolean {
  return spawnSync("nginx", ["-v"]).status === 0
}

/** Writes the config into `dir` and starts nginx in the foreground; resolves once it accepts. */
export async function startNginx(
  dir: string,
  options: { port: number; servers: readonly BackendServer[] },
): Promise<Nginx> {
  const configPath = join(dir, "nginx.conf")
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`
  await writeFile(
    configPath,
    `daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log stderr warn;
user root;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
${nginxSite(options)}
}
`,
  )
  const output = new LineLog()
  const child: ChildProcess = spawn("nginx", ["-p", dir, "-c", configPath], {
    stdio: ["ignore", "pipe", "pipe"],
  })
  if (child.stdout) output.follow(child.stdout)
  if (child.stderr) output.follow(child.stderr)
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve))
  const running = () => child.exitCode === null
  const accepting = async () => {
    while (running()) {
      if (await connects(options.port)) return
    }
    throw new Error(`nginx exited (${child.exitCode}):\n${output}`)
  }
  await within(accepting(), 10_000, "nginx to listen")
  return {
    url: `http://127.0.0.1:${options.port}`,
    output,
    async stop() {
      if (!running() || !child.pid) return
      process.kill(child.pid, "SIGQUIT")
      await within(exited, 10_000, "nginx to exit")
    },
  }
}

/** Whether a TCP connection to the port on 127.0.0.1 is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })
}
