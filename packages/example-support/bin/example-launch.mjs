#!/usr/bin/env node
// `example-launch`: the launcher's TypeScript source, run through tsx (see ../README.md).
import { register } from "tsx/esm/api"

register()
await import("../src/cli.ts")
