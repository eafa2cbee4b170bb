// `next` has no `exports`, so NodeNext type checking finds `next/navigation` only as
// `next/navigation.js`. The code imports `next/navigation` all the same: it is the spelling
// Next.js maps to its server copy in route handlers (`next build` with Turbopack fails on the
// other, pulling the browser's app-router context into the route bundle).
declare module "next/navigation" {
  export * from "next/navigation.js"
}
