import { defineConfig, type Options } from "tsup"
import { entriesFromExports } from "../../scripts/tsup-entries.js"
import { libraryConfig } from "../../scripts/tsup-library.js"

const entries = entriesFromExports("./package.json")
const REACT_ENTRY = "src/react.tsx"
// Next.js, React and next/* stay imports of the app's own copies.
const external = ["next", "react", "react-dom"]

// Both builds run at once, so neither cleans `dist/` (the build script empties it first).
const server = libraryConfig({
  entry: entries.filter((entry) => entry !== REACT_ENTRY),
  external,
  clean: false,
}) as Options

// `next-auth/react` is a Client Component module: its own bundle, which keeps its "use client"
// directive (tsup's Rollup tree-shaking pass and shared chunks would drop it).
const react = libraryConfig({
  entry: [REACT_ENTRY],
  external,
  clean: false,
  treeshake: false,
}) as Options

export default defineConfig([server, react])
