import { describeProviderReexports } from "../../../scripts/describe-provider-reexports.js"

describeProviderReexports("@auth/express", {
  ours: (name) => import(/* @vite-ignore */ `@auth/express/providers/${name}`),
  core: (name) => import(/* @vite-ignore */ `@auth/core/providers/${name}`),
})
