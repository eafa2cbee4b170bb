import { copyFile, readdir } from "node:fs/promises"
import { join } from "node:path"
import { entriesFromExports } from "../../scripts/tsup-entries.js"
import { libraryConfig } from "../../scripts/tsup-library.js"

const COMPONENTS = "src/components"

/**
 * The shared library build, plus what SvelteKit provides at build time left external: the
 * `$app/*` and `$env/*` modules, and the `.svelte` components, which ship as source for the
 * app's own Svelte compiler (copied next to `dist/components/index.js`). The components' helper
 * is an entry of its own, so the `.svelte` files can import it by name.
 */
export default libraryConfig({
  entry: [...entriesFromExports("./package.json"), `${COMPONENTS}/form-action.ts`],
  external: [/^\$app\//, /^\$env\//, /\.svelte$/, "@sveltejs/kit"],
  async onSuccess() {
    for (const file of await readdir(COMPONENTS)) {
      if (file.endsWith(".svelte"))
        await copyFile(join(COMPONENTS, file), join("dist/components", file))
    }
  },
})
