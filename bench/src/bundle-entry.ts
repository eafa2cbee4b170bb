/**
 * What a bundle-size entry is, apart from the list of them (`./bundles.ts`), so the framework
 * lists it includes (`./frameworks/nextjs-bundles.ts`) can declare theirs without importing it.
 */

export type Side = "ours" | "authjs"
/** The packages bundled: ours, Auth.js, and better-auth in the entries that have its counterpart. */
export type BundleSide = Side | "better-auth"

/** An entry module for each package. */
export interface BundleEntry {
  readonly id: string
  readonly title: string
  /** Ratio ours/Auth.js (gzipped bytes) issue 6 asks for. */
  readonly maxRatio?: number
  readonly source: Readonly<Record<Side, string>>
  /** The same job done with better-auth, when it has a counterpart. */
  readonly betterAuth?: string
  /** Packages left out of the bundle (a framework's own runtime, the same for both sides). */
  readonly external?: readonly string[]
}
