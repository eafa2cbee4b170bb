/**
 * A target for an example app in `apps/examples/<folder>`: its production build, served by its
 * own command through `example-launch` (a child process on a free port, stopped by its PID),
 * with a fresh data folder per instance.
 */
import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { startExampleApp } from "@auth/example-support/launch"
import { startWithDataDir } from "./data-dir.js"
import {
  type E2eTarget,
  SESSION_STRATEGIES,
  type SessionStrategy,
  type TargetFeature,
} from "./types.js"

/** What an example app's target file says about it. */
export interface ExampleAppTargetOptions {
  /** The target's name; also the folder under `apps/examples/` unless `folder` says otherwise. */
  name: string
  /** A folder under `apps/examples/`, or an absolute path. */
  folder?: string
  basePath: string
  /** The command that serves the build, as in the app's `start` script after `--`. */
  command: string[]
  /** A file or folder that exists once the app is built (relative to the app's folder). */
  buildOutput: string
  /** `--url-env` names (e.g. `ORIGIN` for SvelteKit's adapter-node). */
  urlEnv?: string[]
  /** @default ["database", "jwt"] */
  strategies?: readonly SessionStrategy[]
  /** @default ["browser-client"] */
  features?: readonly TargetFeature[]
}

const EXAMPLES = fileURLToPath(new URL("../../apps/examples/", import.meta.url))

/**
 * Playground ID's access-token lifetime in every target: below `getAccessToken`'s 60 s skew, so
 * that every press of the userinfo button refreshes the token (`tests/userinfo.spec.ts`).
 */
export const E2E_ACCESS_TOKEN_TTL_SECONDS = 30

/** An {@link E2eTarget} that starts the app's production server through the launcher. */
export function exampleAppTarget(options: ExampleAppTargetOptions): E2eTarget {
  const cwd = resolve(EXAMPLES, options.folder ?? options.name)
  return {
    name: options.name,
    basePath: options.basePath,
    strategies: options.strategies ?? SESSION_STRATEGIES,
    features: options.features ?? ["browser-client"],
    async start(strategy) {
      if (!existsSync(join(cwd, options.buildOutput))) {
        throw new Error(
          `${options.name} is not built (no ${options.buildOutput} in ${cwd}): run \`pnpm turbo run build --filter=./apps/examples/${options.folder ?? options.name}...\` first.`,
        )
      }
      return startWithDataDir(`e2e-${options.name}-${strategy}`, (dataDir) =>
        startExampleApp({
          cwd,
          command: options.command,
          basePath: options.basePath,
          dataDir,
          urlEnv: options.urlEnv,
          env: {
            AUTH_SESSION_STRATEGY: strategy,
            PLAYGROUND_ID_ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_SECONDS),
          },
          // Quiet unless it fails: startExampleApp attaches the output to its error.
          onOutput: () => {},
        }),
      )
    },
  }
}
