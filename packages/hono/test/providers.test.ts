import { describeProviderReexports } from "../../../scripts/describe-provider-reexports.js"

describeProviderReexports("@auth/hono", {
  ours: (name) => import(/* @vite-ignore */ `@auth/hono/providers/${name}`),
  core: (name) => import(/* @vite-ignore */ `@auth/core/providers/${name}`),
})
