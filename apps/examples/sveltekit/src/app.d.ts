// `App.Locals` (`auth()`) and `App.PageData` (`session`) come from @auth/sveltekit.
import "@auth/sveltekit"
