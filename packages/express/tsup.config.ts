import { defineConfig } from "tsup"
import { entriesFromExports } from "../../scripts/tsup-entries.js"

export default defineConfig({
  entry: entriesFromExports("./package.json"),
  format: ["esm"],
  target: "es2022",
  platform: "node",
  splitting: true,
  treeshake: true,
  clean: true,
  dts: false,
  sourcemap: true,
})
